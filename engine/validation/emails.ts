/** doc2 §5 Email: 'Please use a unique email for each partner.' */

/**
 * Indexes of the emails that repeat an earlier one (compared trimmed and case-insensitively); the first
 * occurrence is not reported. Empty entries are ignored.
 */
export function uniqueEmails(emails: string[]): number[] {
  const seen = new Set<string>();
  const duplicates: number[] = [];
  emails.forEach((email, index) => {
    const normalised = (email ?? '').trim().toLowerCase();
    if (normalised === '') return;
    if (seen.has(normalised)) duplicates.push(index);
    else seen.add(normalised);
  });
  return duplicates;
}
