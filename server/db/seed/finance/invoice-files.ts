import { crc32 } from 'node:zlib';

/**
 * Small but valid electronic-invoice files for the demo: a one-page PDF, the invoice XML and
 * an OFD (the Chinese fixed-layout format: a zip of XML parts). Generated here so the seed
 * needs no binary assets and the files say what they are.
 */
export interface SampleInvoice {
  number: string;
  issuedOn: string;
  seller: string;
  buyer: string;
  item: string;
  /** The PDF uses a standard font, which has Latin letters only. */
  itemEn: string;
  amount: string;
}

/** PDF text strings escape backslashes and parentheses. */
const pdfText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);

export function invoicePdf(invoice: SampleInvoice): Buffer {
  const lines = [
    'Electronic invoice (demo sample)',
    `No. ${invoice.number}    Date ${invoice.issuedOn}`,
    'Seller: Haiya Commercial Group',
    `Item: ${invoice.itemEn}    Amount: CNY ${invoice.amount}`,
  ];
  const content = [
    'BT /F1 13 Tf 48 360 Td 18 TL',
    ...lines.map((line) => `(${pdfText(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 420] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const xmlText = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function invoiceXml(invoice: SampleInvoice): Buffer {
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<EInvoice sample="true">
  <InvoiceNumber>${xmlText(invoice.number)}</InvoiceNumber>
  <IssueDate>${xmlText(invoice.issuedOn)}</IssueDate>
  <Seller><Name>${xmlText(invoice.seller)}</Name></Seller>
  <Buyer><Name>${xmlText(invoice.buyer)}</Name></Buyer>
  <Items><Item><Name>${xmlText(invoice.item)}</Name><Amount>${xmlText(invoice.amount)}</Amount></Item></Items>
</EInvoice>
`,
    'utf8',
  );
}

/** A zip archive with stored (uncompressed) entries: all an OFD reader needs. */
export function storedZip(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export function invoiceOfd(invoice: SampleInvoice): Buffer {
  const ns = 'xmlns:ofd="http://www.ofdspec.org/2016"';
  const text = (id: number, y: number, value: string) =>
    `<ofd:TextObject ID="${id}" Boundary="10 ${y} 190 8" Font="2" Size="4.2"><ofd:TextCode X="0" Y="5">${xmlText(value)}</ofd:TextCode></ofd:TextObject>`;
  const parts = {
    'OFD.xml': `<?xml version="1.0" encoding="UTF-8"?>
<ofd:OFD ${ns} Version="1.0" DocType="OFD"><ofd:DocBody><ofd:DocInfo><ofd:DocID>${xmlText(invoice.number)}</ofd:DocID><ofd:Title>电子发票（样例）</ofd:Title></ofd:DocInfo><ofd:DocRoot>Doc_0/Document.xml</ofd:DocRoot></ofd:DocBody></ofd:OFD>`,
    'Doc_0/Document.xml': `<?xml version="1.0" encoding="UTF-8"?>
<ofd:Document ${ns}><ofd:CommonData><ofd:MaxUnitID>10</ofd:MaxUnitID><ofd:PageArea><ofd:PhysicalBox>0 0 210 140</ofd:PhysicalBox></ofd:PageArea><ofd:PublicRes>PublicRes.xml</ofd:PublicRes></ofd:CommonData><ofd:Pages><ofd:Page ID="1" BaseLoc="Pages/Page_0/Content.xml"/></ofd:Pages></ofd:Document>`,
    'Doc_0/PublicRes.xml': `<?xml version="1.0" encoding="UTF-8"?>
<ofd:Res ${ns} BaseLoc="Res"><ofd:Fonts><ofd:Font ID="2" FontName="宋体" FamilyName="宋体"/></ofd:Fonts></ofd:Res>`,
    'Doc_0/Pages/Page_0/Content.xml': `<?xml version="1.0" encoding="UTF-8"?>
<ofd:Page ${ns}><ofd:Content><ofd:Layer ID="3">${[
      text(4, 10, `电子发票（样例） 号码 ${invoice.number}`),
      text(5, 22, `开票日期 ${invoice.issuedOn}`),
      text(6, 34, `销售方 ${invoice.seller}`),
      text(7, 46, `购买方 ${invoice.buyer}`),
      text(8, 58, `${invoice.item} 金额 ${invoice.amount}`),
    ].join('')}</ofd:Layer></ofd:Content></ofd:Page>`,
  };
  return storedZip(
    Object.entries(parts).map(([name, xml]) => ({ name, data: Buffer.from(xml, 'utf8') })),
  );
}
