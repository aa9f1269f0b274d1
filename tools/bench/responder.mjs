#!/usr/bin/env node
// A provider that answers at once: the session `lich send` targets when the benchmark measures
// the CLI's own cost. It reads its terminal raw, takes each bracketed paste lich types
// (spec/cli.md § The message a target receives), pulls the ticket out of the reply command the
// message spells out, and answers it over the RPC directly (`relay.Reply`, node:http): no
// "$LICH_BIN" start of its own, so what a `lich send` run costs is the CLI, the relay and the PTY.
//
// BENCH_RESPOND_ON=paste answers as soon as the paste has arrived (before lich's Enter);
// anything else waits for the Enter that submits it, as an agent would: lich writes that Enter
// only once the PTY has been quiet 150 ms after the paste (wire.md § 9), so that floor is in
// every send answered this way.
import { Agent, request } from 'node:http';

const START = '\x1b[200~';
const END = '\x1b[201~';
const onPaste = process.env.BENCH_RESPOND_ON === 'paste';
const agent = new Agent({ keepAlive: true });
let buf = '';
/** Tickets pasted and not yet submitted (answered on the next Enter). */
let held = [];

function reply(ticket) {
  const body = JSON.stringify([{ from: process.env.LICH_SESSION_ID ?? '', ticket, answer: 'ok' }]);
  const req = request(
    {
      host: '127.0.0.1',
      port: Number(process.env.LICH_PORT),
      path: `/rpc/relay.Reply?token=${process.env.LICH_TOKEN}`,
      method: 'POST',
      agent,
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    },
    (res) => res.resume(),
  );
  req.on('error', () => undefined);
  req.end(body);
}

if (process.stdin.isTTY) process.stdin.setRawMode(true);
// Bracketed paste on, as an agent's TUI turns it on: lich brackets a paste only for a program that asked.
process.stdout.write('\x1b[?2004h');
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buf += chunk;
  for (let guard = 0; guard < 1000; guard++) {
    const s = buf.indexOf(START);
    if (s < 0) {
      if (buf.includes('\r') && held.length > 0) {
        for (const t of held) reply(t);
        held = [];
      }
      buf = buf.slice(-(START.length - 1));
      return;
    }
    if (s > 0 && buf.slice(0, s).includes('\r') && held.length > 0) {
      for (const t of held) reply(t);
      held = [];
    }
    const e = buf.indexOf(END, s);
    if (e < 0) {
      buf = buf.slice(s);
      return;
    }
    const m = /reply ([0-9a-f]{8}) "<your answer>"/.exec(buf.slice(s + START.length, e));
    buf = buf.slice(e + END.length);
    if (m) {
      if (onPaste) reply(m[1]);
      else held.push(m[1]);
    }
  }
});
process.stdin.on('end', () => process.exit(0));
process.on('SIGHUP', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
