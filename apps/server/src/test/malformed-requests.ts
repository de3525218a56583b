// Test support of issue 29, item 7: requests the server cannot read, shared by the malformed-bodies
// test and the fuzzing suite.

/** Multipart bodies busboy cannot read, each with its Content-Type. */
export const malformedMultipart: { name: string; type: string; body: string }[] = [
  { name: 'no boundary parameter', type: 'multipart/form-data', body: '--x\r\n\r\nvalue\r\n--x--\r\n' },
  { name: 'an empty boundary', type: 'multipart/form-data; boundary=', body: '--\r\n\r\nvalue\r\n----\r\n' },
  {
    name: 'an unclosed quoted boundary',
    type: 'multipart/form-data; boundary="abc',
    body: '--abc\r\nContent-Disposition: form-data; name="email"\r\n\r\nx\r\n--abc--\r\n',
  },
  {
    name: 'a boundary the body does not use',
    type: 'multipart/form-data; boundary=abc',
    body: '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\nx\r\n--xyz--\r\n',
  },
  {
    name: 'a body cut off in a field',
    type: 'multipart/form-data; boundary=abc',
    body: '--abc\r\nContent-Disposition: form-data; name="email"\r\n\r\nann@exam',
  },
  {
    name: 'a body cut off in a file',
    type: 'multipart/form-data; boundary=abc',
    body: '--abc\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
  },
  {
    name: 'a part header without its blank line',
    type: 'multipart/form-data; boundary=abc',
    body: `--abc\r\nContent-Disposition: form-data; name="email"\r\n${'X-Filler: y\r\n'.repeat(2_000)}`,
  },
  {
    name: 'garbage',
    type: 'multipart/form-data; boundary=abc',
    body: '\u0000\u00ff garbage --abc- -- \r\n\r',
  },
  {
    name: 'a text field past 100,000 characters',
    type: 'multipart/form-data; boundary=abc',
    body: `--abc\r\nContent-Disposition: form-data; name="email"\r\n\r\n${'a'.repeat(100_001)}\r\n--abc--\r\n`,
  },
  {
    name: 'a field named __proto__',
    type: 'multipart/form-data; boundary=abc',
    body: '--abc\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--abc--\r\n',
  },
  {
    name: 'a JSON part that is not JSON',
    type: 'multipart/form-data; boundary=abc',
    body: '--abc\r\nContent-Disposition: form-data; name="email"\r\nContent-Type: application/json\r\n\r\n{nope\r\n--abc--\r\n',
  },
];
