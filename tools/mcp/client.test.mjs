// The MCP server's test with a real client: the official TypeScript SDK's Client over stdio,
// as Claude Desktop and Cursor start the server. backend/mcpserver's TestRealMCPClient builds
// the binary, imports a library file, starts strict fakes of PubMed, Europe PMC and
// ClinicalTrials.gov (DEEPCRITICAL_*_URL) and runs this script with:
//
//   DC_MCP_BIN         the deepcritical binary
//   DC_MCP_STDOUT_LOG  where everything the server writes on stdout is recorded
//   DC_MCP_SECRET      an API key in the server's environment that must appear nowhere
//
// It lists the tools, calls each one, validates every structuredContent against the tool's
// declared output schema with Ajv (JSON Schema 2020-12, the MCP default), receives progress
// during research, cancels a research call and resumes the run with `deepcritical research
// --resume`, sends bad arguments, and checks that stdout carried only JSON-RPC messages.
// Any failure exits 1 with the reason.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import Ajv2020 from 'ajv/dist/2020.js';

const bin = process.env.DC_MCP_BIN;
const stdoutLog = process.env.DC_MCP_STDOUT_LOG;
assert.ok(bin && stdoutLog, 'DC_MCP_BIN and DC_MCP_STDOUT_LOG must be set');
const here = path.dirname(fileURLToPath(import.meta.url));

const QUESTION = "What drugs could be repurposed for Alzheimer's disease?";
const ALL_TOOLS = ['appraise_paper', 'cancel_run', 'get_report', 'get_run', 'judge_evidence', 'library_search', 'list_runs', 'rejudge_run',
  'research', 'search_history', 'search_literature'];

function step(name) {
  process.stderr.write(`mcp client: ${name}\n`);
}

const transport = new StdioClientTransport({
  command: process.execPath,
  args: [path.join(here, 'record-stdout.mjs'), stdoutLog, bin, 'mcp'],
  env: { ...process.env },
  stderr: 'pipe',
});
let serverLog = '';
transport.stderr.on('data', (b) => { serverLog += b; });
const client = new Client({ name: 'deepcritical-mcp-test', version: '1.0.0' });
// A line on stdout that is not a JSON-RPC message makes the transport report an error here.
const transportErrors = [];
client.onerror = (err) => transportErrors.push(String(err?.stack ?? err));

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
const validators = new Map();

function textOf(result) {
  return result.content.filter((c) => c.type === 'text').map((c) => c.text).join('\n');
}

// call calls a tool that must succeed; its structuredContent must match the declared output
// schema and the text content must carry the same JSON (for clients that read only text).
async function call(name, args, options) {
  const result = await client.callTool({ name, arguments: args }, undefined, options);
  assert.ok(!result.isError, `${name} failed: ${textOf(result)}`);
  assert.ok(result.structuredContent, `${name}: no structuredContent`);
  const validate = validators.get(name);
  assert.ok(validate(result.structuredContent), `${name}: structuredContent does not match the output schema: ${ajv.errorsText(validate.errors)}`);
  assert.deepEqual(JSON.parse(textOf(result)), result.structuredContent, `${name}: the text content is the structured content`);
  return result.structuredContent;
}

// callError calls a tool that must fail with an isError result whose text contains want.
async function callError(name, args, want) {
  const result = await client.callTool({ name, arguments: args });
  assert.equal(result.isError, true, `${name}(${JSON.stringify(args)}) should fail, got ${textOf(result)}`);
  assert.ok(textOf(result).includes(want), `${name}(${JSON.stringify(args)}): ${JSON.stringify(textOf(result))} should contain ${JSON.stringify(want)}`);
}

async function waitFor(what, check, timeoutMs = 30000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function main() {
  step('connect over stdio');
  await client.connect(transport);
  assert.equal(client.getServerVersion().name, 'deepcritical');

  step('list the tools');
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), ALL_TOOLS);
  for (const t of tools) {
    assert.equal(t.inputSchema.type, 'object', `${t.name}: input schema`);
    assert.ok(t.outputSchema, `${t.name} declares an output schema`);
    validators.set(t.name, ajv.compile(t.outputSchema));
  }
  const { resourceTemplates } = await client.listResourceTemplates();
  assert.deepEqual(resourceTemplates.map((r) => r.uriTemplate), ['deepcritical://runs/{id}/report.md']);

  step('research with progress');
  const progress = [];
  const run = await call('research', { question: QUESTION, judge: 'offline', sources: ['pubmed', 'europepmc', 'clinicaltrials', 'library'], max_iterations: 2 },
    { onprogress: (p) => progress.push(p), timeout: 120000, resetTimeoutOnProgress: true });
  assert.equal(run.status, 'complete', run.outcome);
  assert.ok(run.assessment, 'the final assessment');
  assert.ok(run.candidates.includes('Liraglutide'), `candidates: ${run.candidates}`);
  assert.match(run.report_markdown, /## Drug candidates/);
  assert.ok(progress.length >= 3, `progress notifications: ${progress.length}`);
  for (const p of progress) assert.ok(p.message.startsWith(`run ${run.run_id} · `), p.message);
  assert.ok(progress.some((p) => p.message.includes('· complete')), 'the last step is reported');
  for (let i = 1; i < progress.length; i++) assert.ok(progress[i].progress > progress[i - 1].progress, 'progress increases');

  step('read the stored run back');
  const listed = await call('list_runs', { status: 'complete' });
  assert.deepEqual(listed.runs.map((r) => r.id), [run.run_id]);
  assert.equal((await call('search_history', { text: 'liraglutide' })).runs.length, 1);
  const detail = await call('get_run', { run_id: run.run_id });
  assert.ok(detail.evidence.length >= 4);
  assert.ok(detail.evidence.some((e) => e.appraisal), 'papers carry their appraisal');
  assert.ok(detail.evidence.some((e) => e.off_topic && e.off_topic_reason), 'a paper set aside says why');
  for (const format of ['md', 'html', 'json', 'csv', 'ris', 'bibtex', 'csljson']) {
    const rep = await call('get_report', { run_id: run.run_id, format });
    assert.equal(rep.format, format);
    assert.ok(rep.text.length > 0, format);
  }
  assert.match((await call('get_report', { run_id: run.run_id, format: 'ris' })).text, /^TY {2}- /m);
  const resource = await client.readResource({ uri: run.report_uri });
  assert.equal(resource.contents[0].mimeType, 'text/markdown');
  assert.match(resource.contents[0].text, /## Drug candidates/);

  step('rejudge, search, judge, appraise, library');
  const cmp = await call('rejudge_run', { run_id: run.run_id, judge: 'offline' });
  assert.match(cmp.label, /^rejudge:offline/);
  const hits = await call('search_literature', { query: 'liraglutide alzheimer', sources: ['pubmed', 'europepmc'] });
  assert.ok(hits.evidence.length > 0);
  assert.equal(hits.evidence[0].identifiers[0], 'pmid:31000003');
  const judged = await call('judge_evidence', { question: 'Could liraglutide treat Alzheimer disease?', evidence: hits, judge: 'offline' });
  assert.equal(judged.assessment.judge.kind, 'offline');
  for (const args of [{ pmid: '31000002' }, { pmcid: 'PMC5000002' }, { text: 'Participants were randomly assigned by a computer-generated list; assessors were blinded.' }]) {
    const ap = await call('appraise_paper', { ...args, judge: 'offline' });
    assert.ok(ap.dimensions.length > 0, JSON.stringify(args));
    // A paper is read as `deepcritical appraise` reads it: its open-access full text.
    const full = !args.text;
    assert.equal(ap.document.full_text, full, `${JSON.stringify(args)}: ${ap.text_read}`);
    assert.equal(ap.text_read, full ? 'read in full (Europe PMC)' : 'the text given');
  }
  // However a text runs on, a quote is one sentence of at most 2000 bytes, never the text.
  const runOn = await call('appraise_paper', { text: 'randomised. '.repeat(20000), judge: 'offline' });
  for (const [name, f] of Object.entries(runOn.findings)) assert.ok((f.quote ?? '').length <= 2000, `${name}: a quote of ${(f.quote ?? '').length} characters`);
  const lib = await call('library_search', { query: 'semaglutide' });
  assert.equal(lib.records.length, 1);

  step('bad arguments name the field');
  await callError('search_literature', { query: 'metformin', max_results: 'ten' }, 'invalid arguments: max_results must be integer, got a string');
  await callError('search_literature', { query: 'metformin', max_results: 51 }, 'invalid arguments: max_results must be ≤ 50, got 51');
  await callError('search_literature', { query: 'metformin', sources: ['scopus'] }, 'sources');
  await callError('research', { question: QUESTION, judge: 'gpt-9' }, 'judge');
  await callError('get_report', { run_id: run.run_id, format: 'pdf' }, 'format');
  await callError('get_run', {}, 'run_id');
  await callError('get_run', { run_id: 'nope' }, 'run nope not found');
  await callError('appraise_paper', { pmid: '1', pmcid: 'PMC1' }, 'exactly one of pmid, pmcid or text');
  await callError('appraise_paper', { text: 'randomised. '.repeat(100000) }, 'more than the 1 MiB an appraisal reads');
  await callError('get_run', { run_id: 'x'.repeat(1000000) }, 'run_id must have at most 100 characters, got 1000000');
  await callError('list_runs', { since: 'yesterday' }, 'since "yesterday" is not a day');
  const q = 'Could liraglutide treat Alzheimer disease?';
  await callError('judge_evidence', { question: q, evidence: { foo: 1 } }, 'evidence is an object without an evidence list');
  await callError('judge_evidence', { question: q, evidence: [1, 2, 3] }, 'evidence[0] is a number, not an evidence item');
  await callError('judge_evidence', { question: q, evidence: [{ content: 'hello' }] }, 'evidence[0] has no citation');
  await assert.rejects(client.callTool({ name: 'no_such_tool', arguments: {} }), /no_such_tool/);

  step('cancel a research call, resume the run with the CLI');
  const abort = new AbortController();
  let cancelledId = '';
  const cancelled = client.callTool({ name: 'research', arguments: { question: QUESTION, judge: 'offline', max_iterations: 2 } }, undefined, {
    signal: abort.signal,
    onprogress: (p) => {
      if (!cancelledId) {
        cancelledId = p.message.split(' ')[1];
        abort.abort('the user stopped it');
      }
    },
  });
  await assert.rejects(cancelled, (err) => /abort|cancel|stopped/i.test(String(err)));
  assert.ok(cancelledId, 'the run id came with the first progress notification');
  await waitFor('the cancelled run to be stored', async () => (await call('get_run', { run_id: cancelledId })).run.status === 'cancelled');
  const { stdout } = await promisify(execFile)(bin, ['research', '--resume', cancelledId, '--json'], { env: process.env, maxBuffer: 64 << 20 });
  const last = JSON.parse(stdout.trim().split('\n').at(-1));
  assert.equal(last.status, 'complete');
  const resumed = await call('get_run', { run_id: cancelledId });
  assert.equal(resumed.run.status, 'complete');
  assert.ok(resumed.assessment, 'the resumed run was judged');

  step('a run left running after max_wait_seconds is stopped with cancel_run');
  const left = await call('research', { question: QUESTION, judge: 'offline', max_iterations: 3, max_wait_seconds: 1 });
  step(`left ${left.status}`);
  if (left.status === 'running') {
    const stopped = await call('cancel_run', { run_id: left.run_id });
    assert.equal(stopped.status, 'cancelled');
    assert.match(stopped.resume, /resume_run_id/);
    await callError('cancel_run', { run_id: left.run_id }, 'is not running (it is cancelled)');
  } else {
    // (A fast machine finished it within the second: nothing is left to cancel.)
    await callError('cancel_run', { run_id: left.run_id }, `is not running (it is ${left.status})`);
  }

  step('close');
  await client.close();
  // A notification or response already on its way when the client cancelled reaches it
  // after the cancellation, which the client reports as "unknown token / message ID" (the
  // protocol allows the race). Those may only concern the one cancelled request; anything
  // else (a line that is not a JSON-RPC message above all) fails the test.
  const late = new Set();
  const unexpected = transportErrors.filter((e) => {
    const m = /unknown (?:token|message ID): (\{.*\})/.exec(e);
    if (!m) return true;
    const msg = JSON.parse(m[1]);
    late.add(msg.id ?? msg.params?.progressToken);
    return false;
  });
  assert.deepEqual(unexpected, [], 'the transport read only JSON-RPC messages');
  assert.ok(late.size <= 1, `late messages concern only the cancelled call: ${[...late]}`);
  const lines = fs.readFileSync(stdoutLog, 'utf8').split('\n').filter((l) => l !== '');
  assert.ok(lines.length > 20, `recorded ${lines.length} stdout lines`);
  for (const line of lines) {
    let msg;
    assert.doesNotThrow(() => { msg = JSON.parse(line); }, `stdout line is not JSON: ${line.slice(0, 200)}`);
    assert.equal(msg.jsonrpc, '2.0', `stdout line is not JSON-RPC: ${line.slice(0, 200)}`);
  }
  const secret = process.env.DC_MCP_SECRET;
  if (secret) {
    assert.ok(!serverLog.includes(secret), 'the API key never reaches the server log');
    assert.ok(!fs.readFileSync(stdoutLog, 'utf8').includes(secret), 'the API key never reaches a protocol message');
  }
  step(`ok: ${tools.length} tools, ${progress.length} progress notifications, ${lines.length} JSON-RPC messages on stdout`);
}

main().catch(async (err) => {
  process.stderr.write(`mcp client test FAILED: ${err?.stack ?? err}\n--- server stderr ---\n${serverLog.slice(-8000)}\n`);
  try { await client.close(); } catch { /* already closed */ }
  process.exit(1);
});
