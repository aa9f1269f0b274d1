/** Issue 12's acceptance for the real codex (acceptance.ts). */
import { acceptance } from './acceptance.js';

acceptance('codex');
