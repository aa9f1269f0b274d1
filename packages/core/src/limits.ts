/**
 * Limits of what lich takes, as plain numbers: a leaf module, so a companion mod running where
 * there is no Node (a Claude Code hooks module) reads them without loading the operations.
 */

/** The most a relayed prompt may hold, in UTF-8 bytes after sanitising (spec/cli.md § lich send). */
export const PROMPT_LIMIT = 8192;

/**
 * The most characters (Unicode code points) a name lich keeps or passes on may have: a label, a
 * branch, a folder name, a kind, a model, an effort (issue 22). The contracts say it per field
 * (`maxLength`, which core and the backend refuse by); this is the same number for what the
 * contracts cannot bound — a provider's title, cut to it, and the names a refusal quotes, which
 * it quotes no longer than this, so no error line grows with a name an old store kept.
 */
export const NAME_LIMIT = 100;
