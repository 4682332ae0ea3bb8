/** A stand-in for the analysis process whose every analysis fails at once, as a broken analyser would. */
process.once("message", () => {
  process.send!({ type: "error", message: "the analysis is broken on purpose" }, () => process.disconnect());
});
