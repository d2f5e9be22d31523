import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BulkUploadResult } from '@app/contracts';
import { TEST_TENANT } from '../../../test/app-render.tsx';
import { catalogBase, fakeServer } from '../../../test/fake-server.ts';
import { renderCatalog } from '../../../test/render-feature.tsx';
import { BulkUploadPage } from './bulk-upload-page.tsx';

const uploadPath = `${new URL(catalogBase(TEST_TENANT.tenantId), 'http://x').pathname}/bulk-upload`;

type Sent = { method: string; url: string; headers: Record<string, string>; body: unknown };

/**
 * XMLHttpRequest at the HTTP layer (the upload reports its progress through it): reports the
 * upload in two steps, then answers `status` with `body`.
 */
function fakeXhr(status: number, body: unknown, opts: { hold?: boolean } = {}) {
  const sent: Sent[] = [];
  const pending: (() => void)[] = [];
  class FakeXhr {
    upload: {
      onprogress:
        ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    private request: Sent = { method: '', url: '', headers: {}, body: null };
    open(method: string, url: string) {
      this.request = { method, url, headers: {}, body: null };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    abort() {}
    send(form: unknown) {
      this.request.body = form;
      sent.push(this.request);
      setTimeout(
        () => this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }),
        0,
      );
      const answer = () => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      };
      if (opts.hold) pending.push(answer);
      else setTimeout(answer, 30);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return Object.assign(sent, { answer: () => pending.splice(0).forEach((a) => a()) });
}

afterEach(() => vi.unstubAllGlobals());

const xlsx = (name = 'menu.xlsx', bytes = 10) =>
  new File([new Uint8Array(bytes)], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

const result = (over: Partial<BulkUploadResult> = {}): BulkUploadResult => ({
  categoriesFound: 1,
  itemsFound: 25,
  modifiersFound: 1,
  categoriesFailed: 0,
  itemsFailed: 0,
  modifiersFailed: 0,
  categoriesAdded: 1,
  itemsAdded: 25,
  modifiersAdded: 1,
  categoriesUpdated: 0,
  itemsUpdated: 0,
  modifiersUpdated: 0,
  sheetsIgnored: [],
  errorMessage: null,
  ...over,
});

describe('the bulk upload page', () => {
  it('refuses a file that is not xlsx or over 1 MB before sending anything', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const sent = fakeXhr(200, { results: result() });
    fakeServer({});
    const { container } = renderCatalog(<BulkUploadPage />);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, xlsx('menu.csv'));
    expect(screen.getByRole('alert')).toHaveTextContent('Only files with extension xlsx Allowed');
    await user.upload(input, xlsx('menu.xlsx', 1_048_577));
    expect(screen.getByRole('alert')).toHaveTextContent('Maximum upload size of 1 MB Allowed');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(sent).toHaveLength(0);
  });

  it('uploads with the bearer token and a progress bar, then shows the report', async () => {
    const user = userEvent.setup();
    const sent = fakeXhr(200, { results: result() }, { hold: true });
    fakeServer({});
    const { container } = renderCatalog(<BulkUploadPage />);
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, xlsx());
    expect(screen.getByText('menu.xlsx')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    await vi.waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByText('Uploading… 40 %')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    sent.answer();
    expect((await screen.findAllByText('Catalogue uploaded successfully')).length).toBeGreaterThan(
      0,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: uploadPath,
      headers: { authorization: 'Bearer test-token' },
    });
    expect((sent[0]!.body as FormData).get('file')).toBeInstanceOf(File);
    const items = within(screen.getByRole('table', { name: 'Upload result' })).getAllByRole(
      'row',
    )[2]!;
    expect(
      within(items)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['25', '25', '0', '0']);
    expect(screen.queryByTestId('bulk-upload-sheets-ignored')).toBeNull();
  });

  it('says which sheets were not read and how many entries were updated', async () => {
    const user = userEvent.setup();
    fakeXhr(200, {
      results: result({ itemsAdded: 1, itemsUpdated: 24, sheetsIgnored: ['Notes', 'Old prices'] }),
    });
    fakeServer({});
    const { container } = renderCatalog(<BulkUploadPage />);
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, xlsx());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByTestId('bulk-upload-sheets-ignored')).toHaveTextContent(
      'Not read, as they are not sheets of the template: ‘Notes’, ‘Old prices’.',
    );
    expect(
      within(screen.getByTestId('bulk-upload-result-items'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['25', '1', '24', '0']);
  });

  it('names any other filter as the spec does: several files dropped, an empty file', async () => {
    const sent = fakeXhr(200, { results: result() });
    fakeServer({});
    const { container } = renderCatalog(<BulkUploadPage />);
    const zone = screen.getByTestId('bulk-upload-drop');
    const drop = (files: File[]) =>
      fireEvent.drop(zone, { dataTransfer: { files, types: ['Files'] } });
    drop([xlsx('a.xlsx'), xlsx('b.xlsx')]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Unknown error (filter is queueLimit) Choose one file at a time.',
    );
    drop([xlsx('empty.xlsx', 0)]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Unknown error (filter is fileEmpty) The file is empty.',
    );
    drop([xlsx('menu.xlsx')]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('bulk-upload-file-name')).toHaveTextContent('menu.xlsx');
    expect(container.querySelector('input[type="file"]')).not.toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('shows the spec’s message and every refused row when not all was added', async () => {
    const user = userEvent.setup();
    fakeXhr(200, {
      results: result({
        itemsAdded: 23,
        itemsFailed: 2,
        errorMessage:
          "Items row 7 ('Tea'): 'Price' must be a number\nSections row 4: the row is empty",
      }),
    });
    fakeServer({});
    const { container } = renderCatalog(<BulkUploadPage />);
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, xlsx());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Error occured during catalogue upload, not all elements were added.',
    );
    const rows = within(alert)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      "Items row 7 ('Tea'): 'Price' must be a number",
      'Sections row 4: the row is empty',
    ]);
  });

  it('tells a refused archive (a zip bomb) apart from an unknown failure', async () => {
    const user = userEvent.setup();
    fakeXhr(422, { errors: [{ field: 'file', codes: ['bulk_upload_archive_refused'] }] });
    fakeServer({});
    const { container } = renderCatalog(<BulkUploadPage />);
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, xlsx());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file was refused: it unpacks to far more data than a menu spreadsheet holds',
    );

    fakeXhr(500, { error: { code: 'internal', message: 'boom' } });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Unknown error occured during upload')).toBeVisible();
  });
});
