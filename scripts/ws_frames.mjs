// RFC 6455 frames on Node's own Buffer, for the clients of the game socket that run without npm
// packages (Node 18 and 20 have no WebSocket client without a flag): scripts/ws-check.mjs (the
// docker and proxy stages) and tests/bots/human_ws_client.mjs (the Bot API's human player). The
// client masks what it sends; the server's frames come unmasked.

import crypto from 'node:crypto';

export const OP_CONTINUATION = 0x0;
export const OP_TEXT = 0x1;
export const OP_CLOSE = 0x8;
export const OP_PING = 0x9;
export const OP_PONG = 0xa;

// A client's frame: FIN, `opcode`, masked `payload` (a Buffer).
export function clientFrame(opcode, payload) {
    const mask = crypto.randomBytes(4);
    let header;
    if (payload.length < 126) {
        header = Buffer.from([0x80 | opcode, 0x80 | payload.length]);
    } else if (payload.length < 65536) {
        header = Buffer.alloc(4);
        header[0] = 0x80 | opcode;
        header[1] = 0x80 | 126;
        header.writeUInt16BE(payload.length, 2);
    } else {
        header = Buffer.alloc(10);
        header[0] = 0x80 | opcode;
        header[1] = 0x80 | 127;
        header.writeBigUInt64BE(BigInt(payload.length), 2);
    }
    const masked = Buffer.from(payload);
    for (let i = 0; i < masked.length; ++i) masked[i] ^= mask[i % 4];
    return Buffer.concat([header, mask, masked]);
}

// The first whole frame in `buffer` from the server: {fin, opcode, payload, rest}, where `rest` is
// what follows it; null while the frame is not whole yet.
export function readFrame(buffer) {
    if (buffer.length < 2) return null;
    let length = buffer[1] & 0x7f;
    let offset = 2;
    if (length === 126) {
        if (buffer.length < 4) return null;
        length = buffer.readUInt16BE(2);
        offset = 4;
    } else if (length === 127) {
        if (buffer.length < 10) return null;
        length = Number(buffer.readBigUInt64BE(2));
        offset = 10;
    }
    if (buffer.length < offset + length) return null;
    return {
        fin: (buffer[0] & 0x80) !== 0,
        opcode: buffer[0] & 0x0f,
        payload: buffer.subarray(offset, offset + length),
        rest: buffer.subarray(offset + length),
    };
}
