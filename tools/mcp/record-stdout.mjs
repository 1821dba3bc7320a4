// record-stdout.mjs LOG COMMAND [ARG...] runs COMMAND with this process's stdin, stderr and
// stdout, and also appends every byte COMMAND writes to stdout to LOG, so the MCP client test
// can check afterwards that the server's stdout carried nothing but JSON-RPC messages.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const [log, command, ...args] = process.argv.slice(2);
if (!log || !command) {
  process.stderr.write('usage: record-stdout.mjs LOG COMMAND [ARG...]\n');
  process.exit(2);
}
const fd = fs.openSync(log, 'a');
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.pipe(child.stdin);
child.stdout.on('data', (chunk) => {
  fs.writeSync(fd, chunk); // synchronous: nothing is lost if this process is stopped next
  process.stdout.write(chunk);
});
for (const sig of ['SIGTERM', 'SIGINT']) {
  process.on(sig, () => child.kill(sig));
}
child.on('exit', (code, signal) => {
  fs.closeSync(fd);
  process.exit(code ?? (signal ? 1 : 0));
});
