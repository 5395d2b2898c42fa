// The Node.js side of internal/cmd/peers: the WHATWG URL parser of Node (ada, since Node 18)
// over the lines of a file, timed as the Go side times its calls (process CPU time, median of
// the rounds), one JSON line per call.
const fs = require("fs");
const [file, reps, rounds] = [process.argv[2], +process.argv[3], +process.argv[4]];
const lines = fs.readFileSync(file, "utf8").split("\n").filter((l) => l.length > 0);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) * 1000; };
function measure(name, f) {
  const ns = [];
  let accepted = 0;
  for (let r = -1; r < rounds; r++) { // round -1 warms up
    const t = cpu();
    accepted = 0;
    for (let k = 0; k < reps; k++) for (const s of lines) if (f(s)) accepted++;
    if (r >= 0) ns.push((cpu() - t) / (reps * lines.length));
  }
  ns.sort((a, b) => a - b);
  console.log(JSON.stringify({ name: `Node ${process.version} ${name}`, ns: +ns[rounds >> 1].toFixed(1), accepted: accepted / reps }));
}
measure("new URL (ada)", (s) => { try { new URL(s); return true; } catch (e) { return false; } });
measure("URL.canParse (ada)", (s) => URL.canParse(s));
