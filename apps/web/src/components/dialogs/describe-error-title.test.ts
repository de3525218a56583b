import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.js';
import { describeError } from './describe-error.js';

const invalidFile = 'You can not upload this file as the file format is not allowed at this time';

describe('describeError: a title in the response data beyond 429 (spec 5 "Invalid File")', () => {
  it('uses the title the response data gives, with its detail as the text', () => {
    expect(describeError({ response: { data: { title: 'Invalid File', detail: invalidFile } } })).toEqual({
      title: 'Invalid File',
      text: invalidFile,
    });
    const server = new ApiError('API Error', 'x', 422, {
      status: 422,
      data: { title: 'Invalid File', detail: invalidFile },
    });
    expect(describeError(server)?.title).toBe('Invalid File');
  });

  it('keeps "Error" when the data has no usable title, whatever title the error object carries', () => {
    expect(describeError({ response: { status: 422, data: { title: '  ', detail: 'X' } } })?.title).toBe(
      'Error',
    );
    expect(describeError({ title: 'Custom', response: { status: 400, data: { detail: 'X' } } })?.title).toBe(
      'Error',
    );
    expect(describeError(new ApiError('API Error', 'x', 500, { status: 500 }))?.title).toBe('Error');
  });

  it('leaves 429 to the error object: its own title, else "API Limit"', () => {
    const data = { title: 'From data', detail: 'Too many.' };
    expect(describeError({ status: 429, response: { status: 429, data } })?.title).toBe('API Limit');
    expect(describeError({ status: 429, title: 'Slow down', response: { data } })?.title).toBe('Slow down');
  });
});
