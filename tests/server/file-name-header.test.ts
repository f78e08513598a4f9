import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { fileNameHeader } from '../../server/lib/file-name-header';

describe('the file name of a download', () => {
  it('is the name itself when it is plain ASCII', () => {
    expect(fileNameHeader('order-41071094.pdf')).toBe('attachment; filename="order-41071094.pdf"');
  });

  it('is the Swedish name in UTF-8 with an ASCII fallback for old clients', () => {
    const header = fileNameHeader('Säkerhetsdatablad Rengöring (5 l) 1234.pdf', 'inline');
    expect(header).toMatch(/^inline; filename="Sakerhetsdatablad Rengoring \(5 l\) 1234\.pdf"; filename\*=UTF-8''/);
    expect(/filename\*=UTF-8''(.*)$/.exec(header)?.[1]).not.toMatch(/[()' ]/);
    expect(parse(header).parameters.filename).toBe('Säkerhetsdatablad Rengöring (5 l) 1234.pdf');
  });
});
