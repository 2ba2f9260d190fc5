/** The gallery's index.html: one section per screen, a row per state, a column per locale and width. */

/** One screenshot taken (or why not). */
export interface Shot {
  screen: string;
  state: string;
  locale: string;
  width: number;
  file?: string;
  note?: string;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The HTML index of `shots`. */
export function galleryHtml(shots: Shot[], meta: { started: string; skipped: string[]; narrowed?: string }): string {
  const screens = [...new Set(shots.map((s) => s.screen))];
  const columns = [...new Set(shots.map((s) => `${s.locale}|${s.width}`))];
  const sections = screens.map((screen) => {
    const states = [...new Set(shots.filter((s) => s.screen === screen).map((s) => s.state))];
    const rows = states.map((state) => {
      const cells = columns.map((column) => {
        const [locale, width] = column.split('|');
        const shot = shots.find(
          (s) => s.screen === screen && s.state === state && s.locale === locale && String(s.width) === width,
        );
        if (!shot) return '<td></td>';
        const image = shot.file
          ? `<a href="${escape(shot.file)}"><img loading="lazy" src="${escape(shot.file)}" alt="${escape(`${screen}, ${state}, ${locale}, ${width} px`)}" width="${width === '390' ? 130 : 256}"></a>`
          : '';
        return `<td>${image}${shot.note ? `<p class="note">${escape(shot.note)}</p>` : ''}</td>`;
      });
      return `<tr><th scope="row">${escape(state)}</th>${cells.join('')}</tr>`;
    });
    const head = columns.map((c) => `<th scope="col">${escape(c.replace('|', ' · '))} px</th>`).join('');
    return `<section id="${escape(screen)}"><h2>${escape(screen)}</h2><table><thead><tr><th scope="col">state</th>${head}</tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
  });
  const toc = screens.map((s) => `<li><a href="#${escape(s)}">${escape(s)}</a></li>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Screen gallery</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5rem; color: #1a1a1a; }
section { overflow-x: auto; }
table { border-collapse: collapse; margin-bottom: 2rem; }
th, td { border: 1px solid #ccc; padding: 0.4rem; vertical-align: top; text-align: left; }
img { display: block; border: 1px solid #999; height: auto; }
.note { color: #8a1c1c; max-width: 16rem; margin: 0.3rem 0 0; }
nav ul { columns: 4; }
</style>
</head>
<body>
<h1>Screen gallery</h1>
<p>Taken ${escape(meta.started)} by <code>npm run screenshots</code>: every screen in every locale at 390 px and 1280 px, in each application state its variants read${meta.narrowed ? ` (narrowed by <code>${escape(meta.narrowed)}</code>)` : ''}. Select an image for full size.</p>
${meta.skipped.length ? `<p>Not shown (path parameters the gallery cannot fill): ${meta.skipped.map(escape).join(', ')}.</p>` : ''}
<nav><ul>${toc}</ul></nav>
${sections.join('\n')}
</body>
</html>
`;
}
