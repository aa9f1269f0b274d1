/**
 * The tools' prose in the prompt language (wire.md § 8.4 "Prompt language"; spec/cli.md § lich
 * mcp). A tool's English description and its properties' come from its contract, through
 * generated/mcp/tools.ts; the other languages' are in the prompt catalogs, keyed
 * `mcp.tool.<name>` and `mcp.tool.<name>.<property>`, and `lich mcp` applies them when it lists
 * its tools. Names, schemas, types and annotations never change with the language: only the
 * sentences an agent reads do.
 */
import { CATALOGS, type PromptKey, type PromptLang } from '@lich/core/i18n/prompts';

/** What of a tool carries prose: its name, description and properties' descriptions. */
export interface ToolWithProse {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: { readonly properties: Readonly<Record<string, { readonly description: string }>> };
}

/** The catalog key of a tool's description (`property` absent) or of one property's. */
export function toolProseKey(tool: string, property?: string): string {
  return property === undefined ? `mcp.tool.${tool}` : `mcp.tool.${tool}.${property}`;
}

/**
 * `tool`'s description and property descriptions in `lang`. `en` is the contract's text as it
 * is; a text a catalog lacks (a tool added to the contracts after the catalogs, which
 * i18n.test.ts refuses) stays the contract's English rather than going missing.
 */
export function toolProse(tool: ToolWithProse, lang: PromptLang): { description: string; properties: Record<string, string> } {
  const catalog = CATALOGS[lang] as Readonly<Record<string, string>>;
  const text = (english: string, key: string) => (lang === 'en' ? english : (catalog[key as PromptKey] ?? english));
  const properties: Record<string, string> = {};
  for (const [name, schema] of Object.entries(tool.inputSchema.properties)) {
    properties[name] = text(schema.description, toolProseKey(tool.name, name));
  }
  return { description: text(tool.description, toolProseKey(tool.name)), properties };
}
