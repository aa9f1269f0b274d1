/**
 * Limits of what lich takes, as plain numbers: a leaf module, so a companion mod running where
 * there is no Node (a Claude Code hooks module) reads them without loading the operations.
 */

/** The most a relayed prompt may hold, in UTF-8 bytes after sanitising (spec/cli.md § lich send). */
export const PROMPT_LIMIT = 8192;
