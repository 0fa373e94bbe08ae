// Unit-test settings: store and client tests run in Node, component tests in jsdom with prebundled UI libraries.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    restoreMocks: true,
    pool: "threads",
    projects: [
      {
        extends: true,
        test: {
          name: "logic",
          environment: "node",
          include: ["src/**/*.test.ts"],
          setupFiles: ["src/shared/test/mobxStrict.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "components",
          environment: "jsdom",
          // Rendering Blueprint tables in jsdom is slow when the suite shares a small machine.
          testTimeout: 20_000,
          include: ["src/**/*.test.tsx"],
          setupFiles: ["src/shared/test/setup.ts", "src/shared/test/mobxStrict.ts"],
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: [
                  "react",
                  "react/jsx-runtime",
                  "react-dom",
                  "react-dom/client",
                  "@testing-library/react",
                  "@blueprintjs/core",
                  "@blueprintjs/icons",
                  "react-router-dom",
                  "mobx",
                  "mobx-react-lite",
                ],
              },
            },
          },
        },
      },
    ],
  },
});
