// Types for parse.mjs, so its unit tests type-check under the root tsconfig.

export declare const PASTE_START: string;
export declare const PASTE_END: string;
export declare const REPORT_LIMIT: number;

export interface InputHandlers {
  onSubmit: (text: string) => void;
  onEcho?: (text: string) => void;
  onInterrupt?: () => void;
  onEof?: () => void;
}

export declare class InputReader {
  constructor(handlers: InputHandlers);
  feed(chunk: string): void;
}

/** Reads the keys that answer the agent's own question (`EXAMPLE_AGENT_ASK`): `1` or `2` typed on its own. */
export declare class QuestionReader {
  feed(chunk: string): { key: '1' | '2'; rest: string } | null;
}

export interface Task {
  kind: 'task';
  /** Sender label; "" when the command line relayed it. */
  origin: string;
  prompt: string;
  ticket: string;
  /** Whether the message offered the `reply_to_session` tool. */
  tools: boolean;
  directives: string[];
}

export type Submission =
  | Task
  | { kind: 'nudge'; text: string }
  | { kind: 'notice'; text: string }
  | { kind: 'line'; text: string };

export declare function classify(text: string): Submission;
export declare function parseTask(text: string): Task | null;
export declare function directives(prompt: string): string[];
export declare function report(output: string, code: number | null, signal?: string | null): string;
