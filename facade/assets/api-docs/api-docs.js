// Renders /api/openapi.json as a list of calls (method, path, body, parameters, answers) and schemas.
"use strict";

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function resolve(doc, schema) {
  if (schema && schema.$ref) {
    const name = schema.$ref.split("/").pop();
    return { name, schema: doc.components.schemas[name] };
  }
  return { name: null, schema };
}

function schemaBlock(doc, schema) {
  const { name, schema: body } = resolve(doc, schema);
  const wrap = el("div", "schema");
  if (name) {
    const link = el("a", null, name);
    link.href = "#schema-" + name;
    wrap.appendChild(link);
  }
  wrap.appendChild(el("pre", null, JSON.stringify(body, null, 2)));
  return wrap;
}

function operationBlock(doc, path, method, op) {
  const box = el("details", "operation " + method);
  box.dataset.search = (path + " " + (op.tags || []).join(" ")).toLowerCase();
  const summary = el("summary");
  summary.appendChild(el("span", "method", method.toUpperCase()));
  summary.appendChild(el("code", "path", path));
  summary.appendChild(el("span", "tag", (op.tags || []).join(", ")));
  box.appendChild(summary);
  if (op.description) box.appendChild(el("p", null, op.description));
  for (const param of op.parameters || []) {
    box.appendChild(el("p", "param", `${param.in} parameter ${param.name}${param.required ? " (required)" : ""}`));
  }
  const body = op.requestBody && op.requestBody.content && op.requestBody.content["application/json"];
  if (body) {
    box.appendChild(el("h4", null, "Body (application/json)"));
    box.appendChild(schemaBlock(doc, body.schema));
  }
  box.appendChild(el("h4", null, "Answers"));
  const list = el("ul");
  for (const [status, answer] of Object.entries(op.responses || {})) {
    const item = el("li");
    const types = Object.keys(answer.content || {});
    item.appendChild(el("strong", null, status + " "));
    item.appendChild(el("span", null, `${answer.description || ""}${types.length ? " — " + types.join(", ") : ""}`));
    for (const type of types) {
      const content = answer.content[type];
      if (content.example !== undefined) item.appendChild(el("pre", null, JSON.stringify(content.example)));
    }
    list.appendChild(item);
  }
  box.appendChild(list);
  return box;
}

async function render() {
  const answer = await fetch("/api/openapi.json", { credentials: "same-origin" });
  const doc = await answer.json();
  document.getElementById("title").textContent = `${doc.info.title} ${doc.info.version}`;
  document.getElementById("description").textContent = doc.info.description || "";
  const operations = document.getElementById("operations");
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of ["get", "post", "put", "delete", "patch"]) {
      if (item[method]) operations.appendChild(operationBlock(doc, path, method, item[method]));
    }
  }
  const schemas = document.getElementById("schemas");
  for (const [name, schema] of Object.entries((doc.components && doc.components.schemas) || {})) {
    const box = el("details", "schema-entry");
    box.id = "schema-" + name;
    box.appendChild(el("summary", null, name));
    box.appendChild(el("pre", null, JSON.stringify(schema, null, 2)));
    schemas.appendChild(box);
  }
  document.getElementById("filter").addEventListener("input", (event) => {
    const needle = event.target.value.toLowerCase();
    for (const box of operations.children) box.hidden = !box.dataset.search.includes(needle);
  });
}

render().catch((error) => {
  document.getElementById("operations").textContent = "The API description could not be loaded: " + error;
});
