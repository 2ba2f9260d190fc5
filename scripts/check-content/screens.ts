/** Screen views: a screen as written, and as each variant alone would make it. */
import { mergePatch } from '../../engine/content/merge-patch.ts';
import { asArray, asObject, type Obj } from './model.ts';
import { pointer } from './problem.ts';

/** One way a screen can look, with the pointer of what made it (the screen itself or a variant). */
export interface ScreenView {
  at: string;
  screen: Obj;
}

/**
 * The screen as written and with each variant applied alone. (All variants at once is not a view: variants are
 * often exclusive, one per decision or market, and their union would ask for keys no applicant can see.)
 */
export function viewsOf(screen: Obj): ScreenView[] {
  const variants = asArray(screen.variants);
  const views: ScreenView[] = [{ at: '', screen }];
  variants.forEach((variant, index) => {
    const merge = asObject(asObject(variant)?.merge);
    if (merge) views.push({ at: pointer('variants', index, 'merge'), screen: mergePatch(screen, merge) });
  });
  return views;
}

/** A transition row with the pointer it sits at. */
export interface RowAt {
  at: string;
  row: Obj;
}

/** Every next/onError row of a screen (its secondary actions and watch too, with the watch's onTimeout), including those a variant's merge brings. */
export function rowsOf(screen: Obj): RowAt[] {
  const rows: RowAt[] = [];
  const collect = (owner: Obj | undefined, base: string[]): void => {
    for (const list of ['next', 'onError', 'onTimeout']) {
      asArray(owner?.[list]).forEach((row, index) => {
        const object = asObject(row);
        if (object) rows.push({ at: pointer(...base, list, index), row: object });
      });
    }
  };
  const collectAll = (owner: Obj | undefined, base: string[]): void => {
    collect(owner, base);
    asArray(owner?.secondary).forEach((action, index) =>
      collect(asObject(action), [...base, 'secondary', String(index)]),
    );
    collect(asObject(owner?.watch), [...base, 'watch']);
  };
  collectAll(screen, []);
  asArray(screen.variants).forEach((variant, index) =>
    collectAll(asObject(asObject(variant)?.merge), ['variants', String(index), 'merge']),
  );
  return rows;
}
