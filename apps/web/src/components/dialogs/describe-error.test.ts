import { describe, expect, it } from 'vitest';
import { ApiError, apiLimitError, CanceledError } from '../../api/api-error.js';
import { describeError, isCanceled } from './describe-error.js';

const fallback = 'An error occurred while processing your request. Please try again later.';

describe('describeError (spec 8 shared error dialog)', () => {
  it('titles an error "Error"', () => {
    expect(describeError(new Error('boom'))?.title).toBe('Error');
    expect(describeError({ response: { status: 500 } })?.title).toBe('Error');
    expect(describeError(new ApiError('API Error', 'x', 403, { status: 403 }))?.title).toBe('Error');
  });

  it('titles a 429 "API Limit", or the error’s own title', () => {
    expect(describeError({ response: { status: 429 } })?.title).toBe('API Limit');
    expect(describeError({ status: 429 })?.title).toBe('API Limit');
    expect(describeError({ status: 429, title: 'Slow down' })?.title).toBe('Slow down');
    expect(describeError({ status: 429, title: '' })?.title).toBe('API Limit');
    expect(describeError(apiLimitError())).toEqual({
      title: 'API Limit',
      text: 'You have made too many requests. Please try again later.',
    });
    // The error's own title only counts on a 429.
    expect(describeError({ status: 500, title: 'Custom' })?.title).toBe('Error');
  });

  it('takes the text from the response data’s detail first', () => {
    const error = {
      response: {
        status: 400,
        detail: 'on the response',
        data: { detail: 'data detail', error: 'data error' },
      },
    };
    expect(describeError(error)?.text).toBe('data detail');
  });

  it('then from the response data’s error field', () => {
    const error = { response: { status: 400, detail: 'on the response', data: { error: 'data error' } } };
    expect(describeError(error)?.text).toBe('data error');
  });

  it('then from a detail on the response itself', () => {
    const error = { response: { status: 400, detail: 'on the response', data: 'plain text body' } };
    expect(describeError(error)?.text).toBe('on the response');
  });

  it('then the fallback, by default the generic message', () => {
    expect(describeError({ response: { status: 500, data: { other: 1 } } })?.text).toBe(fallback);
    expect(describeError(new Error('internal detail not shown'))?.text).toBe(fallback);
    expect(describeError(null)).toEqual({ title: 'Error', text: fallback });
    expect(describeError('a string')).toEqual({ title: 'Error', text: fallback });
    expect(describeError({}, 'This task could not be processed at this time.')?.text).toBe(
      'This task could not be processed at this time.',
    );
  });

  it('skips empty texts', () => {
    const error = { response: { status: 400, detail: '  ', data: { detail: '', error: 'data error' } } };
    expect(describeError(error)?.text).toBe('data error');
    expect(describeError({ response: { status: 400, detail: '', data: { detail: '' } } })?.text).toBe(
      fallback,
    );
  });

  it('reads an ApiError of the client', () => {
    const error = new ApiError('API Error', 'An error occurred while fetching your request.', 404, {
      status: 404,
      data: { detail: 'Not found.' },
    });
    expect(describeError(error)).toEqual({ title: 'Error', text: 'Not found.' });
  });

  it('gives nothing for a cancelled request', () => {
    expect(describeError(new CanceledError())).toBeNull();
    expect(describeError({ code: 'ERR_CANCELED' })).toBeNull();
    expect(describeError({ name: 'CanceledError' })).toBeNull();
    expect(isCanceled(new CanceledError())).toBe(true);
    expect(isCanceled(new Error('x'))).toBe(false);
    expect(isCanceled(null)).toBe(false);
    expect(isCanceled(undefined)).toBe(false);
  });
});
