/** Issue 12's acceptance for the real claude (acceptance.ts). */
import { acceptance } from './acceptance.js';

acceptance('claude');
