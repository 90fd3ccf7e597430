import type { Command } from 'commander';

/** Every command path ('' for the top) with the words that may follow it: subcommands, flags. */
function tree(program: Command) {
  const entries: { path: string; words: string[] }[] = [];
  const walk = (command: Command, path: string[]) => {
    const options = command.options.map((option) => option.long ?? option.short ?? '');
    entries.push({
      path: path.join(' '),
      words: [...command.commands.map((sub) => sub.name()), ...options, '--help'],
    });
    for (const sub of command.commands) walk(sub, [...path, sub.name()]);
  };
  walk(program, []);
  return entries;
}

function bash(program: Command) {
  const cases = tree(program)
    .map(({ path, words }) => `    "${path}") words="${words.join(' ')}" ;;`)
    .join('\n');
  const paths = tree(program)
    .map(({ path }) => path)
    .join('|');
  // Words that are no command (flag values, a cluster's name) are passed over.
  return `# alpenkube completion for bash: source <(alpenkube completion bash)
_alpenkube() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" cmd="" next i words=""
  local paths="|${paths}|"
  for ((i = 1; i < COMP_CWORD; i++)); do
    next="\${cmd:+$cmd }\${COMP_WORDS[i]}"
    [[ "$paths" == *"|$next|"* ]] && cmd="$next"
  done
  case "$cmd" in
${cases}
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _alpenkube alpenkube
`;
}

function zsh(program: Command) {
  return `# alpenkube completion for zsh: source <(alpenkube completion zsh)
autoload -U +X bashcompinit && bashcompinit
${bash(program).split('\n').slice(1).join('\n')}`;
}

function fish(program: Command) {
  const lines = ['# alpenkube completion for fish: alpenkube completion fish | source'];
  for (const { path, words } of tree(program)) {
    const parts = path ? path.split(' ') : [];
    const condition = parts.length
      ? `__fish_seen_subcommand_from ${parts.at(-1)}`
      : '__fish_use_subcommand';
    const subcommands = words.filter((word) => !word.startsWith('-'));
    if (subcommands.length) {
      lines.push(`complete -c alpenkube -f -n '${condition}' -a '${subcommands.join(' ')}'`);
    }
    for (const flag of words.filter((word) => word.startsWith('--'))) {
      lines.push(`complete -c alpenkube -n '${condition}' -l ${flag.slice(2)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export const completionShells = { bash, zsh, fish };
