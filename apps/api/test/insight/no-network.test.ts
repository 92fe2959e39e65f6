// The insight engine never reaches the network: every outbound path of the process is watched while it runs.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import labelled from '../../bench/data/comments.labelled.json';

describe('comment insight', () => {
  it('opens no socket, resolves no name and makes no HTTP or fetch call while analysing every labelled comment', async () => {
    const calls: string[] = [];
    const block = (name: string) => () => {
      calls.push(name);
      throw new Error(`insight made a network call: ${name}`);
    };
    const spies = [
      jest.spyOn(net.Socket.prototype, 'connect').mockImplementation(block('net.Socket#connect')),
      jest.spyOn(net, 'connect').mockImplementation(block('net.connect')),
      jest.spyOn(net, 'createConnection').mockImplementation(block('net.createConnection')),
      jest.spyOn(tls, 'connect').mockImplementation(block('tls.connect')),
      jest.spyOn(dns, 'lookup').mockImplementation(block('dns.lookup')),
      jest.spyOn(dns.promises, 'lookup').mockImplementation(block('dns.promises.lookup')),
      jest.spyOn(http, 'request').mockImplementation(block('http.request')),
      jest.spyOn(http, 'get').mockImplementation(block('http.get')),
      jest.spyOn(https, 'request').mockImplementation(block('https.request')),
      jest.spyOn(https, 'get').mockImplementation(block('https.get')),
      jest.spyOn(globalThis, 'fetch').mockImplementation(block('fetch')),
    ];
    try {
      // Imported only now, so loading the lexicons and the language model is watched too.
      const insight = await import('../../src/modules/insight');
      const texts = labelled.map((c) => c.text);
      const vocabulary = insight.buildVocabulary(insight.discoverThemes(texts));
      const results = texts.map((text) => insight.analyseComment(text, vocabulary));
      expect(results).toHaveLength(texts.length);
      expect(results.some((r) => r.themes.length > 0)).toBe(true);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(calls).toEqual([]);
  });
});
