/** A type name that a TypeInfo neither declares nor lists as a primitive with a known encoding. */
export class UnknownTypeError extends Error {
  /** Where the name was used (`Class.attribute`), when it was found inside a class. */
  where: string | undefined;

  constructor(readonly typeName: string) {
    super(`unknown type '${typeName}': not a primitive, class or enum of this TypeInfo`);
    this.name = 'UnknownTypeError';
  }

  /** Records the innermost attribute that uses the unknown type. */
  usedBy(where: string): this {
    if (this.where === undefined) {
      this.where = where;
      this.message += ` (used by ${where})`;
    }
    return this;
  }
}
