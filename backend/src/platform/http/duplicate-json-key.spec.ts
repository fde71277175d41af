import { describe, expect, it } from '@jest/globals';
import { duplicateJsonKey } from './duplicate-json-key.js';

describe('duplicateJsonKey', () => {
  it('finds a name given twice in one object, at any depth, also when escaped differently', () => {
    expect(duplicateJsonKey('{"amount":100,"amount":999999}')).toBe('amount');
    expect(duplicateJsonKey('{"a":{"b":1,"c":[{"d":1,"d":2}]}}')).toBe('d');
    expect(duplicateJsonKey('{"amount":1,"\\u0061mount":2}')).toBe('amount');
  });

  it('lets the same name in different objects, and names that only look alike inside strings, through', () => {
    expect(duplicateJsonKey('{"a":{"x":1},"b":{"x":1},"c":[{"x":1},{"x":2}]}')).toBeUndefined();
    expect(duplicateJsonKey('{"note":"\\"note\\":1, {\\"a\\":1,\\"a\\":2}","a":"a"}')).toBeUndefined();
    expect(duplicateJsonKey('["a","a",{"a":1}]')).toBeUndefined();
    expect(duplicateJsonKey('{}')).toBeUndefined();
    expect(duplicateJsonKey('"plain"')).toBeUndefined();
  });
});
