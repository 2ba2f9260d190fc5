/** messageKeysOfScreen derives keys exactly as flows/README.md's "Message keys" table says. */
import { messageKeysOfScreen } from '../../../engine/content/messages.ts';

describe('messageKeysOfScreen', () => {
  it('derives title, submit, labels, help only where asked, options, ui:messages, busy and ...Key strings', () => {
    const keys = messageKeysOfScreen({
      messages: 'p',
      intro: true,
      form: {
        schema: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            kind: { type: 'string', enum: ['A', 'B'] },
            state: { type: 'string', enum: ['AZ'] },
            secret: { type: 'string' },
            address: { type: 'object', properties: { city: { type: 'string' } } },
          },
        },
        uiSchema: {
          name: { 'ui:help': true, 'ui:messages': { format: 'p.name.invalid' } },
          state: { 'ui:enumLabels': 'countries.US' },
          secret: { 'ui:widget': 'hidden' },
          'ui:linkKeys': ['p.link'],
        },
      },
      busy: { title: 'b.title', subtitle: 'b.subtitle' },
    });
    expect(keys).toEqual(
      [
        'p.title',
        'p.submit',
        'p.intro',
        'p.name.label',
        'p.name.help',
        'p.name.invalid',
        'p.kind.label',
        'p.kind.options.A',
        'p.kind.options.B',
        'p.state.label',
        'countries.US.AZ',
        'p.address.label',
        'p.address.city.label',
        'p.link',
        'b.title',
        'b.subtitle',
      ].sort(),
    );
  });

  it('asks for no intro, help or submit unless declared, and no submit on a final screen', () => {
    expect(messageKeysOfScreen({ messages: 'x', final: true })).toEqual(['x.title']);
    expect(messageKeysOfScreen({ messages: 'x', form: { schema: { properties: { a: { type: 'string' } } } } })).toEqual(
      ['x.a.label', 'x.submit', 'x.title'],
    );
  });
});
