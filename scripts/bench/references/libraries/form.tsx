/**
 * The libraries reference's form: rjsf's Form with its default theme and a precompiled validator (no ajv compiler).
 * Its one validation function accepts everything: the page is measured for the libraries it ships, never submitted.
 */
import Form from '@rjsf/core';
import { hashForSchema } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { BenchScreen } from '../../screens.ts';

export default function ReferenceForm({ screen }: { screen: BenchScreen }) {
  const acceptAll = Object.assign(() => true, { errors: null });
  const validator = createPrecompiledValidator({ [hashForSchema(screen.schema)]: acceptAll }, screen.schema);
  return <Form schema={screen.schema} uiSchema={screen.uiSchema} validator={validator} noHtml5Validate />;
}
