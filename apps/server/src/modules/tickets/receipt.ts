import type { Language, ReceiptSize, Ticket } from '@app/contracts';
import { documentStart, escapeHtml } from '../../html.ts';
import { documentTitle, receiptDocument, type Amount, type Block } from './ticket-document.ts';

export { placedAt } from './ticket-document.ts';

const STYLE = (size: ReceiptSize) => {
  const narrow = size === '58';
  return `@page{size:${size}mm auto;margin:0}
*{box-sizing:border-box}
html,body{margin:0;padding:0;background:#fff;color:#000}
body{width:${size}mm;padding:${narrow ? 2 : 3}mm;font-family:"Noto Sans","Noto Sans Arabic",Tahoma,Arial,sans-serif;font-size:${narrow ? 10 : 12}px;line-height:1.35}
header,footer{text-align:center}
h1{font-size:${narrow ? 13 : 16}px;margin:0}
.number{font-size:${narrow ? 18 : 22}px;font-weight:700;margin:2px 0}
hr{border:0;border-top:1px dashed #000;margin:6px 0}
table{width:100%;border-collapse:collapse}
td{vertical-align:top;padding:1px 0}
td.amount{text-align:end;white-space:nowrap;padding-inline-start:6px}
.mod td{font-size:${narrow ? 9 : 11}px;padding-inline-start:10px}
.request{font-style:italic;padding-inline-start:10px}
.grand td{font-weight:700;font-size:${narrow ? 12 : 14}px;border-top:1px solid #000;padding-top:3px}
dl{margin:0}dt{font-weight:700;display:inline}dd{display:inline;margin:0}
.row{margin:1px 0}
.banner{background:#000;color:#fff;font-weight:700;text-align:center;padding:2px 0}`;
};

export type ReceiptOptions = { lang: Language; size: ReceiptSize; timeZone: string };

const e = escapeHtml;

function amountHtml(a: Amount): string {
  const value = a.ltr ? `<span dir="ltr">${e(a.text)}</span>` : e(a.text);
  const wrapped = a.wrap === 'minus' ? `-${value}` : a.wrap === 'brackets' ? `(${value})` : value;
  return a.currency ? `${wrapped} ${e(a.currency)}` : wrapped;
}

/** One block as HTML; lines and requests are table rows, grouped into tables by `toHtml`. */
function blockHtml(b: Block): string {
  switch (b.kind) {
    case 'heading':
      return `<h1>${e(b.text)}</h1>`;
    case 'center':
      return `<div>${e(b.text)}</div>`;
    case 'number':
      return `<div class="number">${e(b.text)}</div>`;
    case 'banner':
      return `<div class="banner">${e(b.text)}</div>`;
    case 'rule':
      return '<hr>';
    case 'field': {
      const value = b.ltr ? `<span dir="ltr">${e(b.value)}</span>` : e(b.value);
      return `<div class="row"><dl><dt>${e(b.label)}:</dt> <dd>${value}</dd></dl></div>`;
    }
    case 'line': {
      const cls =
        b.style === 'mod' || b.style === 'detail'
          ? ' class="mod"'
          : b.style === 'grand'
            ? ' class="grand"'
            : '';
      return `<tr${cls}><td>${e(b.text)}</td><td class="amount">${b.amount ? amountHtml(b.amount) : ''}</td></tr>`;
    }
    case 'request':
      return `<tr><td colspan="2" class="request">${e(b.text)}</td></tr>`;
    case 'footer':
      return `<footer>${e(b.text)}</footer>`;
  }
}

const IN_HEADER = new Set<Block['kind']>(['heading', 'center', 'number', 'banner']);
const IN_TABLE = new Set<Block['kind']>(['line', 'request']);

/** The blocks as HTML: the header's blocks in a <header>, runs of lines in a <table>. */
function toHtml(blocks: Block[]): string {
  const out: string[] = [];
  let group: 'header' | 'table' | null = null;
  for (const b of blocks) {
    const next = IN_HEADER.has(b.kind) ? 'header' : IN_TABLE.has(b.kind) ? 'table' : null;
    if (next !== group) {
      if (group) out.push(`</${group}>`);
      if (next) out.push(`<${next}>`);
      group = next;
    }
    out.push(blockHtml(b));
  }
  if (group) out.push(`</${group}>`);
  return out.join('\n');
}

/** The ticket as receipt HTML for a 58 or 80 mm thermal printer; Arabic right to left. */
export function renderReceipt(ticket: Ticket, opts: ReceiptOptions): string {
  const { lang, size } = opts;
  return `${documentStart(lang)}
<title>${e(documentTitle(ticket, lang))}</title>
<style>${STYLE(size)}</style>
</head>
<body class="receipt receipt-${size}">
${toHtml(receiptDocument(ticket, { lang, timeZone: opts.timeZone }))}
</body>
</html>
`;
}
