#!/usr/bin/env node
// Reads a citation file with a real third-party parser and prints what it understood as
// JSON on stdout, so the Go export conformance suite (backend/citeformat/conformance) can
// compare every field with what DeepCritical exported.
//
//   node parse.mjs citationjs-ris FILE    citation-js 0.8 + @citation-js/plugin-ris -> CSL items
//   node parse.mjs citationjs-bibtex FILE citation-js 0.8 + @citation-js/plugin-bibtex, classic BibTeX mapping
//   node parse.mjs citationjs-biblatex FILE  the same with the biblatex mapping
//   node parse.mjs citationjs-auto FILE   citation-js detecting the format itself (what `new Cite(text)` does)
//   node parse.mjs citationjs-csl FILE    citation-js 0.8 reading CSL-JSON -> CSL items
//   node parse.mjs bbt FILE               @retorquere/bibtex-parser (Better BibTeX's parser)
//
// Warnings the parsers log go to stderr.
import fs from 'node:fs'

const forceType = {
  'citationjs-ris': '@ris/file',
  'citationjs-bibtex': '@bibtex/text',
  'citationjs-biblatex': '@biblatex/text',
  'citationjs-auto': undefined,
  'citationjs-csl': '@csl/list+object',
}

async function citationJS(mode, file) {
  const { Cite } = await import('@citation-js/core')
  await import('@citation-js/plugin-ris')
  await import('@citation-js/plugin-bibtex')
  await import('@citation-js/plugin-csl')
  let input = fs.readFileSync(file, 'utf8')
  if (mode === 'citationjs-csl') input = JSON.parse(input)
  const opts = forceType[mode] ? { forceType: forceType[mode] } : {}
  return new Cite(input, opts).data
}

async function bbt(file) {
  const bibtex = await import('@retorquere/bibtex-parser')
  const lib = bibtex.parse(fs.readFileSync(file, 'utf8'))
  return {
    errors: lib.errors,
    entries: lib.entries.map(e => ({ type: e.type, key: e.key, fields: e.fields })),
  }
}

const [mode, file] = process.argv.slice(2)
let out
if (mode in forceType) out = await citationJS(mode, file)
else if (mode === 'bbt') out = await bbt(file)
else {
  console.error('usage: parse.mjs citationjs-ris|citationjs-bibtex|citationjs-biblatex|citationjs-auto|citationjs-csl|bbt FILE')
  process.exit(2)
}
process.stdout.write(JSON.stringify(out, null, 1) + '\n')
