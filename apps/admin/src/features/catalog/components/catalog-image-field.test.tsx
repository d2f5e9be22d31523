import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { TEST_TENANT } from '../../../test/app-render.tsx';
import { fakeServer, type FakeRoute } from '../../../test/fake-server.ts';
import { renderCatalog } from '../../../test/render-feature.tsx';
import { CatalogImageField } from './catalog-image-field.tsx';

const UPLOAD = `/api/admin/tenants/${TEST_TENANT.tenantId}/ImagesHandler/images`;
const STORED = `/uploads/${TEST_TENANT.tenantId}/0b0e6f6e-2a55-4a8e-9d36-4d1c2c1f0f00.jpg`;

/** A PNG's signature and IHDR: enough for the stand-in decoder below to know its size. */
function pngFile(width: number, height: number, name = 'photo.png'): File {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return new File([bytes], name, { type: 'image/png' });
}

/**
 * The browser's image decoder and canvas, which the test DOM does not have: a file decodes when
 * it starts like a PNG, and the canvas encodes to a JPEG of `encodedBytes`.
 */
let encodedBytes = 50_000;
const drawn: unknown[][] = [];
beforeEach(() => {
  encodedBytes = 50_000;
  drawn.length = 0;
  vi.stubGlobal('createImageBitmap', async (blob: Blob) => {
    const head = new Uint8Array(await blob.arrayBuffer());
    if (head.length < 24 || head[0] !== 0x89 || head[1] !== 0x50)
      throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    const view = new DataView(head.buffer);
    return { width: view.getUint32(16), height: view.getUint32(20), close: () => undefined };
  });
  const context = {
    fillStyle: '',
    imageSmoothingQuality: 'low',
    fillRect: () => undefined,
    drawImage: (...args: unknown[]) => drawn.push(args),
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type) =>
    callback(new Blob([new Uint8Array(encodedBytes)], { type })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Field() {
  const [value, setValue] = useState<string | null>(null);
  return <CatalogImageField kind="item" value={value} onChange={setValue} />;
}

function setup(
  upload: FakeRoute = () =>
    Response.json(
      {
        results: { url: STORED, contentType: 'image/jpeg', width: 1000, height: 624, bytes: 4096 },
      },
      { status: 201 },
    ),
) {
  const server = fakeServer({ [`POST ${UPLOAD}`]: upload });
  renderCatalog(<Field />);
  const input = screen.getByTestId('image-file-input');
  return { server, pick: (file: File) => userEvent.upload(input, file) };
}

describe('the image field', () => {
  it('says so when a file cannot be read as an image, and uploads nothing', async () => {
    const { server, pick } = setup();
    await pick(new File(['not an image at all'], 'broken.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file could not be read as an image. It may be damaged: choose another one.',
    );
    expect(screen.queryByRole('dialog', { name: 'Crop image' })).toBeNull();
    expect(server.requests).toHaveLength(0);

    await act(() => i18n.changeLanguage('ar'));
    await pick(
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0])], 'cut.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'تعذّرت قراءة هذا الملف كصورة. قد يكون تالفًا: اختر ملفًا آخر.',
    );
  });

  it('crops a readable image and uploads the result, then shows the stored image', async () => {
    const { server, pick } = setup();
    await pick(pngFile(2000, 1000));
    const cropper = await screen.findByRole('dialog', { name: 'Crop image' });
    await userEvent.click(within(cropper).getByRole('button', { name: 'Crop & upload' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests.map((r) => r.url.pathname)).toEqual([UPLOAD]);
    expect(screen.getByRole('img', { name: 'Item image' })).toHaveAttribute('src', STORED);
    // The centred area of the item's aspect (1000 x 624), drawn at exactly that size.
    expect(drawn[0]?.slice(1)).toEqual([199, 0, 1603, 1000, 0, 0, 1000, 624]);
  });

  it('refuses to upload a cropped image over 1 MB', async () => {
    const { server, pick } = setup();
    encodedBytes = 1_048_577;
    await pick(pngFile(1000, 624));
    const cropper = await screen.findByRole('dialog', { name: 'Crop image' });
    await userEvent.click(within(cropper).getByRole('button', { name: 'Crop & upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Maximum upload size of 1 MB Allowed',
    );
    expect(server.requests).toHaveLength(0);
    // Exactly 1 MB is allowed.
    encodedBytes = 1_048_576;
    await userEvent.click(within(cropper).getByRole('button', { name: 'Crop & upload' }));
    await waitFor(() => expect(server.requests).toHaveLength(1));
  });

  it("shows the server's refusal of an unreadable or too large image in words", async () => {
    let answer = { code: 'image_invalid', status: 422 };
    const { pick } = setup(() =>
      answer.status === 413
        ? Response.json(
            { error: { code: 'payload_too_large', message: 'too large' } },
            { status: 413 },
          )
        : Response.json({ errors: [{ field: 'file', codes: [answer.code] }] }, { status: 422 }),
    );
    await pick(pngFile(1000, 624));
    let cropper = await screen.findByRole('dialog', { name: 'Crop image' });
    await userEvent.click(within(cropper).getByRole('button', { name: 'Crop & upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file could not be read as an image',
    );
    answer = { code: 'image_too_large', status: 422 };
    await userEvent.click(within(cropper).getByRole('button', { name: 'Crop & upload' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Maximum upload size of 1 MB Allowed'),
    );
    answer = { code: 'payload_too_large', status: 413 };
    await userEvent.click(within(cropper).getByRole('button', { name: 'Crop & upload' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Maximum upload size of 1 MB Allowed'),
    );
    cropper = screen.getByRole('dialog', { name: 'Crop image' });
    expect(cropper).toBeVisible();
  });
});
