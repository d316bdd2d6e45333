import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ADMIN_PATHS, PRODUCT_IMAGE_FIELDS } from '#domain/back-office';
import type { AdminAuth } from '../admin/auth.js';
import type { StoreDatabase } from '../db/database.js';
import { ApiError, badRequest, notFound, UnreadableBodyError } from '../http/errors.js';
import { parseBody } from '../http/validate.js';
import { addProduct, productNotFoundMessage, removeProduct } from './admin-products.js';
import { productSchema } from './product.js';
import {
  detectImage,
  photoRefusal,
  storeImage,
  UPLOADS_URL_PREFIX,
  type ImageKind,
} from './product-images.js';
import type { CatalogService } from './service.js';

// The lineage's product calls: add (multipart, admin), remove (admin), single (public, as the lineage's is).

type ImageField = (typeof PRODUCT_IMAGE_FIELDS)[number];
const isImageField = (name: string): name is ImageField =>
  (PRODUCT_IMAGE_FIELDS as readonly string[]).includes(name);

const productId = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(64, `${name} is too long`);
const removeBody = z.object({ id: productId('id') }).strict();
const singleBody = z.object({ productId: productId('productId') }).strict();

/**
 * The form's text fields as the lineage's admin app sends them: all text, sizes as a JSON array. Other text fields
 * are ignored, as the lineage's backend ignores them (one of its panels sends `bestsellerNum`).
 */
const productForm = z.object({
  name: z.string({ error: 'name is required' }),
  description: z.string({ error: 'description is required' }),
  price: z
    .string({ error: 'price is required' })
    .trim()
    .regex(
      /^\d{1,9}(\.\d{1,2})?$/,
      'price must be a number above 0 with at most 2 decimals, such as 1499 or 899.50',
    )
    .transform(Number),
  category: z.string({ error: 'category is required' }),
  subCategory: z.string({ error: 'subCategory is required' }),
  sizes: z.string({ error: 'sizes is required' }).transform((text, ctx) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!Array.isArray(parsed) || !parsed.every((size): size is string => typeof size === 'string')) {
      ctx.addIssue({
        code: 'custom',
        message: 'sizes must be a JSON array of size labels, such as ["7","8","9"]',
      });
      return z.NEVER;
    }
    return [...new Set(parsed.map((size) => size.trim()))];
  }),
  bestseller: z
    .enum(['true', 'false'], { error: 'bestseller must be "true" or "false"' })
    .default('false')
    .transform((value) => value === 'true'),
});
const PRODUCT_FORM_FIELDS: ReadonlySet<string> = new Set(productForm.keyof().options);
/** Ignored text fields a form may carry, and the longest one: a panel's extra field, never a way to send a payload. */
const MAX_IGNORED_FIELDS = 8;
const MAX_IGNORED_FIELD_CHARS = 1024;

// One sentence per refusal, naming the field: the catalogue's own rules (product.ts) decide what a product may be.
function describeProductIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join('.') || 'product';
  if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}`;
  if (issue.code === 'too_big') {
    const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' entries' : '';
    return `${field} must be at most ${String(issue.maximum)}${unit}`;
  }
  if (issue.code === 'too_small' && issue.origin === 'string') return `${field} is required`;
  return issue.message.startsWith(field) ? issue.message : `${field} ${issue.message}`;
}

function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

interface ProductFormData {
  fields: Map<string, string>;
  images: Map<ImageField, Buffer>;
}

/** The multipart parser's refusals, in the contract's words. */
function describeMultipartError(error: unknown, imageMaxBytes: number): ApiError {
  if (error instanceof ApiError) return error;
  const { code, part } = error as { code?: string; part?: { fieldname?: string } };
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError(
        413,
        `${part?.fieldname ?? 'An image'} is larger than ${formatBytes(imageMaxBytes)}`,
      );
    case 'FST_FILES_LIMIT':
      return new ApiError(
        413,
        `At most ${PRODUCT_IMAGE_FIELDS.length} images can be sent (${PRODUCT_IMAGE_FIELDS.join(', ')})`,
      );
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new ApiError(413, 'Too many form fields');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest('A form field sent as JSON is not valid JSON');
    case 'FST_PROTO_VIOLATION':
      return badRequest('A form field has a name this API does not take');
    default:
      return new UnreadableBodyError(400, 'Malformed multipart body');
  }
}

async function readProductForm(request: FastifyRequest, imageMaxBytes: number): Promise<ProductFormData> {
  if (!request.isMultipart()) {
    throw new UnreadableBodyError(
      415,
      `Send the product as multipart/form-data (text fields and files ${PRODUCT_IMAGE_FIELDS.join(', ')})`,
    );
  }
  const fields = new Map<string, string>();
  const images = new Map<ImageField, Buffer>();
  let ignored = 0;
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname;
      if (part.type === 'file') {
        if (!isImageField(name))
          throw badRequest(
            `Unknown file field: ${name.slice(0, 40)} (send images as ${PRODUCT_IMAGE_FIELDS.join(', ')})`,
          );
        if (images.has(name)) throw badRequest(`${name} is sent twice`);
        const bytes = await part.toBuffer();
        // A browser sends an empty part for a file input left empty.
        if (bytes.length > 0) images.set(name, bytes);
      } else {
        if (part.valueTruncated) throw new ApiError(413, `${name.slice(0, 40)} is too long`);
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        if (!PRODUCT_FORM_FIELDS.has(name)) {
          ignored += 1;
          if (ignored > MAX_IGNORED_FIELDS) throw new ApiError(413, 'Too many form fields');
          if (value.length > MAX_IGNORED_FIELD_CHARS)
            throw new ApiError(413, `${name.slice(0, 40)} is too long`);
          continue;
        }
        if (fields.has(name)) throw badRequest(`${name.slice(0, 40)} is sent twice`);
        fields.set(name, value);
      }
    }
  } catch (error) {
    throw describeMultipartError(error, imageMaxBytes);
  }
  return { fields, images };
}

export interface AdminProductRouteDeps {
  database: StoreDatabase;
  catalog: CatalogService;
  admin: AdminAuth;
  /** Where uploaded images are kept (DATA_DIR/uploads). */
  uploadsDir: string;
  /** IMAGE_UPLOAD_MAX_BYTES: the largest image, per file. */
  imageMaxBytes: number;
}

export async function adminProductRoutes(
  app: FastifyInstance,
  { database, catalog, admin, uploadsDir, imageMaxBytes }: AdminProductRouteDeps,
): Promise<void> {
  // Multipart is read by this route alone: every other route still takes JSON only.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: {
        fileSize: imageMaxBytes,
        files: PRODUCT_IMAGE_FIELDS.length,
        fields: 20,
        parts: 30,
        fieldSize: 16 * 1024,
        fieldNameSize: 100,
        headerPairs: 20,
      },
    });

    // → 201 `{ success, message, product }`.
    scope.post(ADMIN_PATHS.addProduct, admin.guard.hooks, async (request, reply) => {
      const { fields, images } = await readProductForm(request, imageMaxBytes);
      const parsed = productForm.safeParse(Object.fromEntries(fields));
      if (!parsed.success) throw badRequest(describeProductIssue(parsed.error.issues[0]!));
      const form = parsed.data;

      const uploads: Array<{ bytes: Buffer; kind: ImageKind }> = [];
      for (const field of PRODUCT_IMAGE_FIELDS) {
        const bytes = images.get(field);
        if (bytes === undefined) continue;
        const kind = detectImage(bytes);
        if (!kind) throw new ApiError(415, `${field} is not a JPEG, PNG or WebP image`);
        const refusal = await photoRefusal(bytes);
        if (refusal) throw new ApiError(refusal.status, `${field}: ${refusal.message}`);
        uploads.push({ bytes, kind });
      }
      if (uploads.length === 0)
        throw badRequest(`Add at least one image (${PRODUCT_IMAGE_FIELDS.join(', ')})`);

      const candidate = {
        _id: randomBytes(12).toString('hex'),
        ...form,
        // Checked before any file is written; the real URLs replace these below.
        image: uploads.map((_, i) => `${UPLOADS_URL_PREFIX}${String(i)}`),
        date: Date.now(),
      };
      const checked = productSchema.safeParse(candidate);
      if (!checked.success) throw badRequest(describeProductIssue(checked.error.issues[0]!));

      const image: string[] = [];
      for (const { bytes, kind } of uploads) image.push(await storeImage(uploadsDir, bytes, kind));
      await addProduct(database, { ...checked.data, image });
      const product = (await catalog.find([checked.data._id])).get(checked.data._id);
      return reply.code(201).send({ success: true, message: 'Product added', product });
    });
  });

  // `{ id }` → `{ success, message }`.
  app.post(ADMIN_PATHS.removeProduct, admin.guard.hooks, async (request) => {
    const { id } = parseBody(removeBody, request.body);
    await removeProduct(database, id);
    return { success: true, message: 'Product removed' };
  });

  // `{ productId }` → `{ success, product }`: public, as the product list is.
  app.post('/api/product/single', async (request) => {
    const { productId: id } = parseBody(singleBody, request.body);
    const product = (await catalog.find([id])).get(id);
    if (!product) throw notFound(productNotFoundMessage(id));
    return { success: true, product };
  });
}
