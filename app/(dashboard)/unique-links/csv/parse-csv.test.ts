import assert from "node:assert/strict";
import { test } from "node:test";
import { parseCsv, toCsvLine } from "./parse-csv";

const fieldsOf = (text: string) => parseCsv(text).records.map((r) => r.fields);

test("plain fields, commas, LF and CRLF line ends, no empty record at the end", () => {
  assert.deepEqual(fieldsOf("a,b,c\n1,2,3\n"), [
    ["a", "b", "c"],
    ["1", "2", "3"],
  ]);
  assert.deepEqual(fieldsOf("a,b\r\n1,2\r\n"), [
    ["a", "b"],
    ["1", "2"],
  ]);
  assert.deepEqual(fieldsOf("a,b\r\n1,2"), [
    ["a", "b"],
    ["1", "2"],
  ]);
  assert.deepEqual(fieldsOf("a,,\n"), [["a", "", ""]]);
});

test("quoted fields hold commas, doubled quotes and line breaks; records keep their first line", () => {
  const { records, error } = parseCsv('name,note\r\n"Lovelace, Ada","said ""hi""\r\non two lines"\r\nbob,x\n');
  assert.equal(error, null);
  assert.deepEqual(records, [
    { line: 1, fields: ["name", "note"] },
    { line: 2, fields: ["Lovelace, Ada", 'said "hi"\r\non two lines'] },
    { line: 4, fields: ["bob", "x"] },
  ]);
  assert.deepEqual(fieldsOf('""\n'), [[""]]);
  assert.deepEqual(fieldsOf('a,""\n'), [["a", ""]]);
});

test("a byte-order mark is dropped and blank lines are skipped with the line count kept", () => {
  const { records } = parseCsv("\uFEFFentry name\n\nada\r\n\r\nbob");
  assert.deepEqual(records, [
    { line: 1, fields: ["entry name"] },
    { line: 3, fields: ["ada"] },
    { line: 5, fields: ["bob"] },
  ]);
});

test("a quote inside an unquoted field is text; broken quoting is an error with its line", () => {
  assert.deepEqual(fieldsOf('a"b,c\n'), [['a"b', "c"]]);
  assert.deepEqual(parseCsv('x\n"open\nstill open').error, { line: 2, message: "A quoted field is never closed" });
  assert.equal(parseCsv('x\n"a"b,c').error?.line, 2);
});

test("toCsvLine quotes only what needs it and round-trips", () => {
  const values = ["plain", "with, comma", 'with "quote"', "two\nlines", " padded", ""];
  const line = toCsvLine(values);
  assert.equal(line, 'plain,"with, comma","with ""quote""","two\nlines"," padded",');
  assert.deepEqual(fieldsOf(line), [values]);
});
