// A DNS server on loopback (UDP) that answers from a table, as a lab's name server would: A and AAAA records,
// NXDOMAIN for a name it does not know, and no answer at all for a name marked `silent`.
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { Resolver } from 'node:dns/promises';
import type { AddressInfo } from 'node:net';
import * as packet from 'dns-packet';

export type Zone = Record<string, { A?: string[]; AAAA?: string[] } | 'silent'>;

export async function startNameServer(zone: Zone) {
  const socket = createSocket('udp4');
  const asked: string[] = [];
  socket.on('message', (message, from) => {
    const query = packet.decode(message);
    const question = query.questions?.[0];
    if (!question) return;
    asked.push(`${question.type} ${question.name}`);
    const entry = zone[question.name.toLowerCase()];
    if (entry === 'silent') return;
    const type = question.type === 'A' || question.type === 'AAAA' ? question.type : undefined;
    const answers = (type && entry?.[type]) || [];
    const reply = packet.encode({
      id: query.id,
      type: 'response',
      flags: packet.RECURSION_DESIRED | packet.RECURSION_AVAILABLE | (entry ? 0 : 3), // 3: NXDOMAIN
      questions: [question],
      answers: answers.map((data) => ({ type: type!, class: 'IN', name: question.name, ttl: 60, data })),
    });
    socket.send(reply, from.port, from.address);
  });
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  const { port } = socket.address() as AddressInfo;
  return {
    asked,
    /** A resolver that asks only this server, giving up after `timeoutMs` twice. */
    resolver(timeoutMs = 200) {
      const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
      resolver.setServers([`127.0.0.1:${port}`]);
      return resolver;
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
