/**
 * Why typing at a session's prompt was refused before anything was written: the errors
 * `Terminal.type` and `Terminal.paste` throw for the caller to act on, told apart by class. A
 * leaf, so the relay can name them through its seam (relay/host.ts) without importing the
 * terminal service.
 */

/**
 * Text a program cannot be handed whole (terminal/paste.ts): thrown by `type` and `paste`
 * before anything is written, its message the reason, for the caller to word with the session.
 */
export class PasteRefusal extends Error {
  override name = 'PasteRefusal';
}

/**
 * A person's draft is at the prompt (terminal/draft.ts): thrown by `type`, before anything is
 * written. Whoever typed must hold what it types until the draft is submitted or dropped — typed
 * over it, the draft and the text would be submitted as one prompt.
 */
export class DraftHeld extends Error {
  override name = 'DraftHeld';
  constructor(id: string) {
    super(`session ${id} has a person's draft at its prompt: nothing was typed over it`);
  }
}
