/**
 * The oh-my-pi extension module lich passes to every omp session it starts (`--extension`):
 * one default export, the factory omp calls with its API — omp loads only `module.default`, so
 * nothing else is exported.
 */
import { lichExtension } from './extension.js';
import type { OmpApi } from './omp.js';

export default function lich(pi: OmpApi): void {
  lichExtension(pi);
}
