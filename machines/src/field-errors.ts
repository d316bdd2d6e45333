/** One message per form field, shown under its input. */
export type FieldErrors<TField extends string> = Partial<Record<TField, string>>;

/** The first message per field from a zod result's issues. */
export function firstIssuePerField<TField extends string>(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
  fields: readonly TField[],
): FieldErrors<TField> {
  const errors: FieldErrors<TField> = {};
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field !== undefined) errors[field] ??= issue.message;
  }
  return errors;
}
