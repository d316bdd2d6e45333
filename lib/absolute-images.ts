// Our API names its images by path ("/images/x.svg"), which a page of the store's own origin resolves against the
// store. A client on another origin (CORS_ORIGINS) would resolve them against itself and show broken images: its
// answers carry them absolute, on an origin the server chose (never the request's Host).

function absolute(url: unknown, origin: string): unknown {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? origin + url : url;
}

/** A copy of a JSON answer with every path-absolute URL under an `image` key made absolute on `origin`. */
export function withAbsoluteImages(value: unknown, origin: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withAbsoluteImages(item, origin));
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === 'image')
      copy[key] = Array.isArray(field) ? field.map((url) => absolute(url, origin)) : absolute(field, origin);
    // The catalogue query lists its images' origins for a page's policy: this origin joins them.
    else if (key === 'imageOrigins' && Array.isArray(field))
      copy[key] = field.includes(origin) ? field : [origin, ...(field as unknown[])];
    else copy[key] = withAbsoluteImages(field, origin);
  }
  return copy;
}
