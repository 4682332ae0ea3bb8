/** A stand-in for the analysis process that dies in the middle, as one out of memory would. */
process.once("message", () => {
  process.stderr.write("out of memory, on purpose\n");
  process.exit(7);
});
