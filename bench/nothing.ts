/** A comment line's text after its indentation (`#` not of a C directive or a Rust attribute; `*` of a block comment's inside). */
const COMMENT = String.raw`(?:\/\/|#(?![[!]|\s*(?:if|ifdef|ifndef|elif|else|endif|include|define|undef|pragma|error|warning|line)\b)|\/\*|\*(?=\s|\/|$)).*`;

/** A changed line with nothing to review, by its text: blank, brackets and separators, or a comment. */
export const NOTHING_TO_REVIEW = new RegExp(String.raw`^\s*(?:[{}()[\];,]*|${COMMENT})\s*$`);

/** A blank or comment line: keybug makes no slice for it, nor is it a change of its own inside one. */
export const BLANK_OR_COMMENT = new RegExp(String.raw`^\s*(?:${COMMENT})?$`);
