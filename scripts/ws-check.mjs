// The WebSocket half of scripts/docker-check.sh: a client of docs/protocol.md on Node's `net`
// alone (Node 18 and 20 have no WebSocket client without a flag, and the stage must not fetch
// npm packages), speaking just enough RFC 6455: the upgrade, masked text frames out, unmasked
// text and close frames in.
//
//   node scripts/ws-check.mjs welcome HOST PORT   prints the welcome frame
//   node scripts/ws-check.mjs play HOST PORT      two guests play 1.e4 e5, White resigns; prints
//                                                 "game_id N" (Black joins once it sees the table)
//   node scripts/ws-check.mjs hold HOST PORT      says hello, prints "ready", then waits for the
//                                                 server to close and prints "close CODE"
// Exits 1 on an error or without the awaited frame in 20 s (hold: 120 s).
// From the environment, for scripts/proxy-check.sh's check of the client's address:
//   WS_CHECK_FROM             the local address to connect from (e.g. 127.0.0.2, another loopback
//                             address than the proxy's 127.0.0.1)
//   WS_CHECK_FORWARDED_FOR    an X-Forwarded-For header the client sends itself (a spoofing try)
import net from 'node:net';
import crypto from 'node:crypto';

import { OP_CLOSE, OP_TEXT, clientFrame, readFrame } from './ws_frames.mjs';

const [mode, host, port] = process.argv.slice(2);
// hold waits for the stop that the stage sends after its other checks.
const limit = mode === 'hold' ? 120 : 20;
const deadline = setTimeout(() => fail(`no answer in ${limit} s (${mode})`), limit * 1000);

function fail(why)
{
    console.error(`ws-check: ${why}`);
    process.exit(1);
}

// One connection: frames() yields parsed JSON objects; closed resolves with the close code.
function connect()
{
    const from = process.env.WS_CHECK_FROM;
    const socket = net.connect({ port: Number(port), host, ...(from ? { localAddress: from } : {}) });
    const forwarded = process.env.WS_CHECK_FORWARDED_FOR;
    const key = crypto.randomBytes(16).toString('base64');
    let buffer = Buffer.alloc(0);
    let upgraded = false;
    const queue = [];
    let waiter = null;
    let resolveClosed;
    const closed = new Promise((resolve) => (resolveClosed = resolve));

    socket.on('connect', () => {
        socket.write(`GET /ws HTTP/1.1\r\nHost: ${host}:${port}\r\nUpgrade: websocket\r\n` +
                     `Connection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n` +
                     (forwarded ? `X-Forwarded-For: ${forwarded}\r\n` : '') + '\r\n');
    });
    socket.on('error', (e) => fail(`socket: ${e.message}`));
    socket.on('close', () => resolveClosed(null));
    socket.on('data', (chunk) => {
        buffer = Buffer.concat([buffer, chunk]);
        if (!upgraded) {
            const end = buffer.indexOf('\r\n\r\n');
            if (end < 0) return;
            const head = buffer.subarray(0, end).toString();
            if (!/^HTTP\/1\.1 101/.test(head)) fail(`upgrade refused: ${head.split('\r\n')[0]}`);
            upgraded = true;
            buffer = buffer.subarray(end + 4);
        }
        for (let frame; (frame = readFrame(buffer));) {
            const { opcode, payload } = frame;
            buffer = frame.rest;
            if (opcode === OP_CLOSE) {
                resolveClosed(payload.length >= 2 ? payload.readUInt16BE(0) : 1005);
                socket.end();
                return;
            }
            if (opcode !== OP_TEXT) continue; // the server sends no fragments or binary frames
            const message = JSON.parse(payload.toString());
            if (waiter) {
                const w = waiter;
                waiter = null;
                w(message);
            } else {
                queue.push(message);
            }
        }
    });

    const next = () => (queue.length ? Promise.resolve(queue.shift()) : new Promise((r) => (waiter = r)));
    return {
        closed,
        // Skips frames until one of the given type (and id, when given) arrives; an error frame
        // for that id fails the check.
        async expect(type, id)
        {
            for (;;) {
                const m = await next();
                if (m.type === 'error' && (id === undefined || m.id === id)) fail(`error: ${JSON.stringify(m)}`);
                if (m.type === type && (id === undefined || m.id === id)) return m;
            }
        },
        send(message)
        {
            socket.write(clientFrame(OP_TEXT, Buffer.from(JSON.stringify(message))));
        },
        end: () => socket.end(),
    };
}

async function greeted(nick)
{
    const c = connect();
    await c.expect('welcome');
    c.send({ type: 'hello', id: 1, nick });
    await c.expect('hello_ok', 1);
    return c;
}

if (mode === 'welcome') {
    const c = connect();
    console.log(JSON.stringify(await c.expect('welcome')));
    c.end();
} else if (mode === 'play') {
    const suffix = crypto.randomBytes(3).toString('hex');
    const white = await greeted(`dw${suffix}`);
    const black = await greeted(`db${suffix}`);
    white.send({ type: 'enter_room', id: 2, room: 34 });
    await white.expect('room', 2);
    black.send({ type: 'enter_room', id: 2, room: 34 });
    await black.expect('room', 2);
    white.send({ type: 'open_table', id: 3, room: 34, time_control: '5+3', color: 'white' });
    const table = (await white.expect('ok', 3)).table;
    // Black joins once the table is in its room's list, as a player clicks it there: with several
    // nodes behind a proxy (scripts/proxy-check.sh) Black may be on another node, which knows the
    // table only once White's node's announcement has come over the bus (joining sooner gets
    // no_such_table); the room_tables listing it shows that it has.
    while (!(await black.expect('room_tables')).tables.some((t) => t.table === table));
    black.send({ type: 'join_table', id: 3, table });
    const started = await white.expect('game_started');
    white.send({ type: 'move', id: 4, table, move: 'e4' });
    await white.expect('ok', 4);
    black.send({ type: 'move', id: 4, table, move: 'e5' });
    await black.expect('ok', 4);
    white.send({ type: 'resign', id: 5, table });
    await black.expect('game_over');
    console.log(`game_id ${started.game_id}`);
    white.end();
    black.end();
} else if (mode === 'hold') {
    const c = await greeted(`dh${crypto.randomBytes(3).toString('hex')}`);
    console.log('ready');
    const code = await c.closed;
    console.log(`close ${code}`);
} else {
    fail('usage: ws-check.mjs welcome|play|hold HOST PORT');
}
clearTimeout(deadline);
