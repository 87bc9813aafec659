import { placeholderWord, type Diagnosis } from '../../model/index.js';
import { kubectl } from '../shared/kubectl.js';

/**
 * A target the evidence does not name (a pasted event row, a fragment without metadata.name)
 * gets commands with a word in capitals where its name goes (kubectl describe pod POD): the
 * first step then says what the word stands for and how to list the candidates.
 */
export function explainPlaceholders(d: Diagnosis): Diagnosis {
  const { kind, name, namespace } = d.target;
  const word = placeholderWord(name);
  if (word === undefined) return d;
  const says = new RegExp(`(?:^|[\\s/=])${word}(?:$|[\\s'"])`);
  if (!d.nextSteps.some((s) => says.test(s))) return d;
  const list = kubectl.raw(`get ${kind.toLowerCase()}s${kubectl.nsFlag(namespace || undefined)}`);
  const key = `${word} stands for the ${kind}'s name, which the evidence does not give (${list} lists them).`;
  return { ...d, nextSteps: [key, ...d.nextSteps] };
}
