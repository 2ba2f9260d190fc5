/** `npm run flow:graph -- --out DIR` writes to DIR; an unknown flag is an error, never a folder named after it (issue 25). */
import { outFolderOf } from '../../../scripts/flow-graph/index.ts';

describe('flow:graph arguments', () => {
  it('takes the folder after --out, after --out= or bare', () => {
    expect(outFolderOf([])).toEqual({});
    expect(outFolderOf(['--out', 'tmp/graphs'])).toEqual({ out: 'tmp/graphs' });
    expect(outFolderOf(['--out=tmp/graphs'])).toEqual({ out: 'tmp/graphs' });
    expect(outFolderOf(['tmp/graphs'])).toEqual({ out: 'tmp/graphs' });
  });

  it('refuses an unknown flag, a flag without its folder and two folders', () => {
    expect(outFolderOf(['--output', 'x'])).toEqual({ error: 'unknown option --output' });
    expect(outFolderOf(['--out'])).toEqual({ error: '--out needs a folder' });
    expect(outFolderOf(['--out', '--svg'])).toEqual({ error: '--out needs a folder' });
    expect(outFolderOf(['a', 'b'])).toEqual({ error: 'two output folders: a and b' });
  });
});
