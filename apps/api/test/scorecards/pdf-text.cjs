// Reads a PDF on stdin and prints {"text", "pages"} as JSON: pdf-parse (pdf.js) run in plain Node, because its worker
// is an ES module that jest's CommonJS sandbox cannot import.
const { PDFParse } = require('pdf-parse');

const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: Buffer.concat(chunks) });
  try {
    const result = await parser.getText();
    process.stdout.write(JSON.stringify({ text: result.text, pages: result.total }));
  } finally {
    await parser.destroy();
  }
});
