import { crc32, deflateSync } from 'node:zlib';

/**
 * Background pictures of the holiday overlay, drawn at seed time: a diagonal gradient between
 * two colours with soft round "lanterns", encoded as PNG. Drawing them keeps binary files out
 * of the repository and the pictures identical from seed to seed.
 */
type Rgb = [number, number, number];

export interface Picture {
  name: string;
  from: Rgb;
  to: Rgb;
  accent: Rgb;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const mix = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);

function pixel(picture: Picture, x: number, y: number, width: number, height: number): Rgb {
  const t = (x / width + y / height) / 2;
  const base: Rgb = [0, 1, 2].map((i) => mix(picture.from[i]!, picture.to[i]!, t)) as Rgb;
  // Three circles of the accent colour, fading out towards their edge.
  const circles = [
    [0.18, 0.3, 0.12],
    [0.8, 0.22, 0.09],
    [0.62, 0.75, 0.15],
  ] as const;
  let glow = 0;
  for (const [cx, cy, r] of circles) {
    const d = Math.hypot(x / width - cx, (y / height - cy) * (height / width)) / r;
    if (d < 1) glow = Math.max(glow, 1 - d * d);
  }
  return [0, 1, 2].map((i) => mix(base[i]!, picture.accent[i]!, glow * 0.6)) as Rgb;
}

export function drawPng(picture: Picture, width = 640, height = 360): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(picture, x, y, width, height);
      row[1 + x * 3] = r;
      row[2 + x * 3] = g;
      row[3 + x * 3] = b;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const pictures: Picture[] = [
  { name: '生日祝福-暖阳.png', from: [255, 183, 77], to: [244, 81, 30], accent: [255, 241, 118] },
  { name: '生日祝福-花语.png', from: [248, 187, 208], to: [171, 71, 188], accent: [255, 255, 255] },
  { name: '入职周年-星河.png', from: [63, 81, 181], to: [0, 150, 136], accent: [255, 213, 79] },
  { name: '节日祝福-灯笼.png', from: [198, 40, 40], to: [255, 143, 0], accent: [255, 236, 179] },
  { name: '店庆-彩带.png', from: [0, 137, 123], to: [124, 179, 66], accent: [255, 238, 88] },
];
