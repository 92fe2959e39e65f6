// Reads a PDF on stdin and prints {"text", "pages"} as JSON (pdf-parse). Run as a child process: pdf.js loads its worker as an ES
// module, which jest's CommonJS runtime on Node 20 cannot import.
import { PDFParse } from 'pdf-parse';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
const result = await parser.getText();
await parser.destroy();
process.stdout.write(JSON.stringify({ text: result.text, pages: result.total }));
