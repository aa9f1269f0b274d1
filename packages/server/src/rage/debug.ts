/**
 * The running backend's stacks for `lich rage` (spec/cli.md § lich rage, goroutines.txt), served
 * token-gated at `GET /debug/goroutines` (wire.md § 1.1). A Go lich answers with every
 * goroutine's stack; this backend is node — one JavaScript thread and libuv underneath — so it
 * answers with node's diagnostic report (`process.report.getReport()`): the JavaScript and native
 * stacks, the libuv handles the process is waiting on, its workers, heap and resource usage. Its
 * environment is cut to what `env.txt` shows, secrets masked, and its network interfaces (MAC and
 * IP addresses, nothing a lich bug needs) are left out, before it leaves the process.
 */
import { selectEnv } from './env.js';

/** The path the listener serves the report at. */
export const DEBUG_PATH = '/debug/goroutines';

/**
 * This process's diagnostic report as JSON: node's report, with `environmentVariables` replaced
 * by the `env.txt` selection, `header.networkInterfaces` removed and `activeResources`
 * (`process.getActiveResourcesInfo()`) added.
 */
export function diagnosticReport(): string {
  const report = process.report.getReport() as Record<string, unknown>;
  delete (report.header as Record<string, unknown> | undefined)?.networkInterfaces;
  report.environmentVariables = Object.fromEntries(selectEnv(process.env));
  report.activeResources = process.getActiveResourcesInfo();
  return JSON.stringify(report, null, 2);
}

interface Frame {
  pc?: string;
  symbol?: string;
}

/**
 * `goroutines.txt` from a diagnostic report's JSON: what each stack of the process says and what
 * it waits on, for a reader who will not open the JSON. Text that is not a report is kept as it is
 * (an older lich's own answer).
 */
export function stacksText(reportJson: string): string {
  let report: Record<string, any>;
  try {
    report = JSON.parse(reportJson) as Record<string, any>;
  } catch {
    return reportJson;
  }
  const header = (report.header ?? {}) as Record<string, unknown>;
  const lines = [
    `This lich is a node backend (pid ${String(header.processId ?? '?')}, node ${String(header.nodejsVersion ?? '?')}): one JavaScript thread on libuv, not goroutines.`,
    'What it was running when it answered, what it waits on, and its workers follow; diagnostic-report.json holds the whole report.',
    '',
    '== JavaScript stack',
    String(report.javascriptStack?.message ?? ''),
    ...((report.javascriptStack?.stack as string[] | undefined) ?? []).map((f) => `  ${f.trim()}`),
    '',
    '== native stack',
    ...((report.nativeStack as Frame[] | undefined) ?? []).map((f) => `  ${f.pc ?? ''} ${f.symbol ?? ''}`.trimEnd()),
    '',
    '== active resources',
    ...((report.activeResources as string[] | undefined) ?? []).map((r) => `  ${r}`),
    '',
    '== libuv handles',
    ...((report.libuv as Array<Record<string, unknown>> | undefined) ?? []).map((h) => `  ${describeHandle(h)}`),
    '',
    `== workers: ${((report.workers as unknown[] | undefined) ?? []).length}`,
  ];
  return `${lines.join('\n')}\n`;
}

function describeHandle(h: Record<string, unknown>): string {
  const extra = Object.entries(h)
    .filter(([k]) => !['type', 'is_active', 'is_referenced', 'address'].includes(k))
    .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  const state = [h.is_active ? 'active' : 'inactive', h.is_referenced ? 'referenced' : 'unreferenced'].join(', ');
  return [`${String(h.type)} (${state})`, ...extra].join(' ');
}
