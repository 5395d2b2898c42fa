// isvalid.js: jsdom/whatwg-url's isValidURLString on each {input, base} of a JSON array read
// from standard input: writes a JSON array of booleans, the input's verdict as an absolute
// URL string, or (with a base the parser accepts) as a URL string relative to it.
// TestWHATWGURLMatchesJsdom runs it (make node-tools installs the module).
"use strict";
const { isValidURLString, parseURL } = require("whatwg-url");

let text = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", chunk => { text += chunk; });
process.stdin.on("end", () => {
  const out = JSON.parse(text).map(({ input, base }) => {
    const baseURL = base === null ? null : parseURL(base);
    return isValidURLString(input, baseURL === null ? {} : { baseURL });
  });
  process.stdout.write(JSON.stringify(out));
});
