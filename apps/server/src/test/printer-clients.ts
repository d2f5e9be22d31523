import { inflateSync } from 'node:zlib';

/**
 * Printers as the tests drive them, written from the protocols' documents: Star CloudPRNT
 * (HTTP polling: POST status JSON, GET the job by token and media type, DELETE it with a
 * status code) and Epson Server Direct Print (form POSTs: GetRequest answered with ePOS-Print
 * XML, SetResponse carrying each job's result). Each keeps what it printed.
 */

/** A decoded PNG: size, bit depth, colour type and whether each dot is black. */
export type DecodedPng = {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  black(x: number, y: number): boolean;
};

/** Reads a greyscale PNG (bit depth 1 or 8, no interlace), as a printer's decoder would. */
export function decodePng(png: Buffer): DecodedPng {
  const signature = png.subarray(0, 8).toString('hex');
  if (signature !== '89504e470d0a1a0a') throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let bitDepth = 0;
  let colorType = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString('ascii');
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      bitDepth = data[8]!;
      colorType = data[9]!;
    } else if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  if (colorType !== 0) throw new Error(`colour type ${colorType} not greyscale`);
  const stride = Math.ceil((width * bitDepth) / 8);
  const raw = inflateSync(Buffer.concat(idat));
  // Only the None filter is expected of a 1-bit image; 8-bit ones are read unfiltered too.
  for (let y = 0; y < height; y++)
    if (raw[y * (stride + 1)] !== 0) throw new Error(`row ${y}: filter ${raw[y * (stride + 1)]}`);
  return {
    width,
    height,
    bitDepth,
    colorType,
    black(x, y) {
      const row = y * (stride + 1) + 1;
      if (bitDepth === 1) return ((raw[row + (x >> 3)]! >> (7 - (x & 7))) & 1) === 0;
      return raw[row + x]! < 128;
    },
  };
}

export type CloudPrntStatus = { statusCode: string; status: string };
export const STAR_READY: CloudPrntStatus = {
  statusCode: '200%20OK',
  status: '23860000000000000000',
};

/** A Star printer speaking CloudPRNT to its configured server URL. */
export class CloudPrntPrinter {
  readonly printed: { token: string; png: Buffer }[] = [];
  constructor(
    private readonly url: string,
    readonly mac = '00:11:62:12:34:56',
  ) {}

  /** One poll: POST its status; the server says whether a job is ready. */
  async poll(status: CloudPrntStatus = STAR_READY, printingInProgress = false) {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        status: status.status,
        printerMAC: this.mac,
        statusCode: status.statusCode,
        printingInProgress,
        clientAction: null,
      }),
    });
    if (res.status !== 200) throw new Error(`poll answered ${res.status}`);
    return (await res.json()) as { jobReady: boolean; mediaTypes?: string[]; jobToken?: string };
  }

  /** GET the job in a media type the server offered. */
  async fetchJob(token: string, type = 'image/png') {
    const u = new URL(this.url);
    u.searchParams.set('uid', this.mac);
    u.searchParams.set('type', type);
    u.searchParams.set('mac', this.mac);
    u.searchParams.set('token', token);
    const res = await fetch(u);
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      body: Buffer.from(await res.arrayBuffer()),
    };
  }

  /** DELETE the job: "200 OK" when printed, else the printer's error code. */
  async confirm(token: string, code = '200 OK') {
    const u = new URL(this.url);
    u.searchParams.set('code', code);
    u.searchParams.set('mac', this.mac);
    u.searchParams.set('token', token);
    return (await fetch(u, { method: 'DELETE' })).status;
  }

  /** Poll, print what is ready (PNG), confirm it: what a printer does every few seconds. */
  async cycle(): Promise<DecodedPng | null> {
    const answer = await this.poll();
    if (!answer.jobReady || !answer.jobToken) return null;
    if (!answer.mediaTypes?.includes('image/png')) throw new Error('no PNG offered');
    const job = await this.fetchJob(answer.jobToken);
    if (job.status !== 200 || job.type !== 'image/png') throw new Error(`job: ${job.status}`);
    this.printed.push({ token: answer.jobToken, png: job.body });
    await this.confirm(answer.jobToken);
    return decodePng(job.body);
  }
}

/** A job an Epson printer received: its id and its ePOS <image>. */
export type EposJob = {
  jobId: string;
  width: number;
  height: number;
  /** Rows of packed bits, 1 = black. */
  raster: Buffer;
  cut: boolean;
};

/** An Epson printer speaking Server Direct Print to its configured URL. */
export class EpsonSdpPrinter {
  readonly printed: EposJob[] = [];
  constructor(
    private readonly url: string,
    readonly id = 'local_printer',
  ) {}

  private post(form: Record<string, string>) {
    return fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  /** GetRequest: the print data waiting, or null. */
  async getRequest(): Promise<EposJob | null> {
    const res = await this.post({ ConnectionType: 'GetRequest', ID: this.id, Name: 'TM-m30' });
    if (res.status !== 200) throw new Error(`GetRequest answered ${res.status}`);
    const xml = await res.text();
    if (!xml.includes('<PrintRequestInfo')) return null;
    const jobId = /<printjobid>([^<]+)<\/printjobid>/.exec(xml)?.[1] ?? '';
    const image = /<image\b([^>]*)>([^<]*)<\/image>/.exec(xml);
    if (!image) throw new Error('no <image> in the print data');
    const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(image[1]!)?.[1];
    return {
      jobId,
      width: Number(attr('width')),
      height: Number(attr('height')),
      raster: Buffer.from(image[2]!, 'base64'),
      cut: /<cut\b/.test(xml),
    };
  }

  /** SetResponse: the result of a job, with the ASB status word. */
  async setResponse(jobId: string, success: boolean, code = '', status = 0x1000016) {
    const file =
      '<?xml version="1.0" encoding="utf-8"?><PrintResponseInfo Version="2.00"><ePOSPrint>' +
      `<Parameter><devid>local_printer</devid><printjobid>${jobId}</printjobid></Parameter>` +
      `<PrintResponse><response success="${success}" code="${code}" status="${status}" battery="0"/></PrintResponse>` +
      '</ePOSPrint></PrintResponseInfo>';
    const res = await this.post({ ConnectionType: 'SetResponse', ID: this.id, ResponseFile: file });
    return res.status;
  }

  async cycle(): Promise<EposJob | null> {
    const job = await this.getRequest();
    if (!job) return null;
    this.printed.push(job);
    await this.setResponse(job.jobId, true);
    return job;
  }
}
