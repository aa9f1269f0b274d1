/**
 * The language of every text lich writes for an agent (spec/cli.md § Transport, `LICH_PROMPT_LANG`;
 * wire.md § 8.4 "Prompt language"): the messages the relay types at a session's prompt, their
 * notification summaries, `lich mcp`'s `instructions` and its tools' prose.
 *
 * Each language is one catalog kept as data beside this file (`<lang>.json`): a flat object of
 * key → text, where `{name}` marks a placeholder the caller fills. `en.json` is the reference:
 * every catalog has exactly its keys and, per key, the same placeholders (i18n.test.ts checks
 * both), and its texts are the contract's bytes. Whoever types a text picks the language from its
 * own environment: the backend from the one it runs in, `lich mcp` from its own.
 *
 * Not exported from `@lich/core`'s index on purpose: the CLI's commands never load the catalogs
 * (`lich sessions` is on a start-time budget); the backend and `lich mcp` import this module.
 */
import en from './en.json';
import es from './es.json';
import ptBR from './pt-BR.json';
import zhCN from './zh-CN.json';

/** The languages lich writes prompts in, `en` first (the default). */
export const PROMPT_LANGS = ['en', 'pt-BR', 'es', 'zh-CN'] as const;

export type PromptLang = (typeof PROMPT_LANGS)[number];

/** A key of the catalogs (`relay.message`, `mcp.instructions.neverPoll`, `mcp.tool.<name>[.<property>]`). */
export type PromptKey = keyof typeof en;

/** One language's texts. */
export type Catalog = Readonly<Record<PromptKey, string>>;

/** Every catalog by language. The JSON is typed against `en`'s keys here; the test proves the rest. */
export const CATALOGS: Readonly<Record<PromptLang, Catalog>> = {
  en,
  'pt-BR': ptBR as Catalog,
  es: es as Catalog,
  'zh-CN': zhCN as Catalog,
};

/**
 * The prompt language a `LICH_PROMPT_LANG` value names: one of {@link PROMPT_LANGS}, spelled
 * exactly; anything else — unset, empty, `fr`, `pt-br` — is `en` (wire.md § 8.4).
 */
export function promptLang(value: string | undefined): PromptLang {
  return (PROMPT_LANGS as readonly string[]).includes(value ?? '') ? (value as PromptLang) : 'en';
}

/** A placeholder: `{` + an identifier + `}`. Braces around anything else (`{name, sessions}`) are text. */
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** The placeholder names in `text`, sorted and deduplicated. */
export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))].sort();
}

/**
 * The text of `key` in `lang` with its placeholders filled from `args`, in one pass: a value that
 * itself contains `{x}` (a prompt, a label) is never read as a placeholder.
 *
 * @throws Error when the text names a placeholder `args` has no value for — a caller out of step
 *   with the catalog, which is a bug rather than something to type at an agent.
 */
export function promptText(lang: PromptLang, key: PromptKey, args: Readonly<Record<string, string | number>> = {}): string {
  return CATALOGS[lang][key].replace(PLACEHOLDER, (_, name: string) => {
    if (!Object.hasOwn(args, name)) throw new Error(`prompt text ${key} (${lang}) needs {${name}}, and it was not given`);
    return String(args[name]);
  });
}
