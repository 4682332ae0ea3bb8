/** A stand-in for the analysis process that starts and never finishes: its place in the runner stays taken. */
process.once("message", () => {
  process.send!({ type: "progress", done: 0, total: 1 });
  setInterval(() => undefined, 60_000);
});
