/** Issue 12's acceptance for the real opencode (acceptance.ts). */
import { acceptance } from './acceptance.js';

acceptance('opencode');
