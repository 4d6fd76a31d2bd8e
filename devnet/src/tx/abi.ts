import { ClarityType, type ClarityValue } from "@stacks/transactions";
import type { ContractInterface } from "../chain/clarity-vm.ts";

export type AbiFunction = ContractInterface["functions"][number];
export type AbiType = AbiFunction["args"][number]["type"];

/** A Clarity type in source notation (`uint`, `(optional (buff 34))`…), as Hiro reports argument types. */
export function typeToString(type: AbiType): string {
  if (typeof type === "string") {
    switch (type) {
      case "uint128":
        return "uint";
      case "int128":
        return "int";
      default:
        return type;
    }
  }
  if ("buffer" in type) return `(buff ${type.buffer.length})`;
  if ("string-ascii" in type) return `(string-ascii ${type["string-ascii"].length})`;
  if ("string-utf8" in type) return `(string-utf8 ${type["string-utf8"].length})`;
  if ("optional" in type) return `(optional ${typeToString(type.optional)})`;
  if ("response" in type)
    return `(response ${typeToString(type.response.ok)} ${typeToString(type.response.error)})`;
  if ("list" in type) return `(list ${type.list.length} ${typeToString(type.list.type)})`;
  return `(tuple ${type.tuple.map((e) => `(${e.name} ${typeToString(e.type)})`).join(" ")})`;
}

/** `(define-public (name (arg type) …))`, Hiro's `function_signature`. */
export function functionSignature(fn: AbiFunction): string {
  const access = fn.access === "read_only" ? "read-only" : fn.access;
  const args = fn.args.map((a) => ` (${a.name} ${typeToString(a.type)})`).join("");
  return `(define-${access} (${fn.name}${args}))`;
}

function utf8Length(value: string): number {
  return [...value].length;
}

/** Whether a value is admissible for a declared argument type (what the node's static check does). */
export function valueMatchesType(value: ClarityValue, type: AbiType): boolean {
  if (typeof type === "string") {
    switch (type) {
      case "uint128":
        return value.type === ClarityType.UInt;
      case "int128":
        return value.type === ClarityType.Int;
      case "bool":
        return value.type === ClarityType.BoolTrue || value.type === ClarityType.BoolFalse;
      case "principal":
        return value.type === ClarityType.PrincipalStandard || value.type === ClarityType.PrincipalContract;
      case "trait_reference":
        return value.type === ClarityType.PrincipalContract;
      case "none":
        return value.type === ClarityType.OptionalNone;
      default:
        return false;
    }
  }
  if ("buffer" in type)
    return value.type === ClarityType.Buffer && value.value.length / 2 <= type.buffer.length;
  if ("string-ascii" in type)
    return value.type === ClarityType.StringASCII && value.value.length <= type["string-ascii"].length;
  if ("string-utf8" in type)
    return value.type === ClarityType.StringUTF8 && utf8Length(value.value) <= type["string-utf8"].length;
  if ("optional" in type)
    return (
      value.type === ClarityType.OptionalNone ||
      (value.type === ClarityType.OptionalSome && valueMatchesType(value.value, type.optional))
    );
  if ("response" in type)
    return (
      (value.type === ClarityType.ResponseOk && valueMatchesType(value.value, type.response.ok)) ||
      (value.type === ClarityType.ResponseErr && valueMatchesType(value.value, type.response.error))
    );
  if ("list" in type)
    return (
      value.type === ClarityType.List &&
      value.value.length <= type.list.length &&
      value.value.every((item) => valueMatchesType(item, type.list.type))
    );
  if (value.type !== ClarityType.Tuple) return false;
  const entries = Object.entries(value.value);
  return (
    entries.length === type.tuple.length &&
    type.tuple.every((field) => {
      const fieldValue = value.value[field.name];
      return fieldValue !== undefined && valueMatchesType(fieldValue, field.type);
    })
  );
}

export type CallCheck =
  | { readonly ok: true; readonly fn: AbiFunction }
  | {
      readonly ok: false;
      readonly reason: "NoSuchPublicFunction" | "BadFunctionArgument";
      readonly message: string;
    };

/** Checks a contract call against the contract's interface: the function is public, arguments fit. */
export function checkContractCall(
  contract: ContractInterface,
  functionName: string,
  args: readonly ClarityValue[],
): CallCheck {
  const fn = contract.functions.find((f) => f.name === functionName);
  if (fn?.access !== "public") {
    return { ok: false, reason: "NoSuchPublicFunction", message: `No such public function: ${functionName}` };
  }
  if (fn.args.length !== args.length) {
    return {
      ok: false,
      reason: "BadFunctionArgument",
      message: `IncorrectArgumentCount(${fn.args.length}, ${args.length})`,
    };
  }
  for (const [index, declared] of fn.args.entries()) {
    const value = args[index];
    if (value === undefined || !valueMatchesType(value, declared.type)) {
      return {
        ok: false,
        reason: "BadFunctionArgument",
        message: `argument ${declared.name} is not of type ${typeToString(declared.type)}`,
      };
    }
  }
  return { ok: true, fn };
}
