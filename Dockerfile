# The kube-handoff CLI as a small image, for the in-cluster CronJob (deploy/cronjob.yaml):
#   docker build -t registry.example.com/kube-handoff:0.1.0 .
#   docker run --rm -v ~/.kube:/home/node/.kube:ro registry.example.com/kube-handoff:0.1.0 check -n shop
# In a pod it reads the cluster through its ServiceAccount (KUBERNETES_SERVICE_HOST is set).

FROM node:20-alpine AS build
WORKDIR /src
COPY package.json package-lock.json ./
# --ignore-scripts: `prepare` would build before the sources are copied.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-alpine
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /src/package.json ./package.json
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/dist ./dist
COPY bin ./bin
# Built-in simulator scenarios: `handoff sim` and `check --sim` work in the image too.
COPY scenarios ./scenarios
# The node image's unprivileged user, by number so that runAsNonRoot can verify it.
USER 1000:1000
ENTRYPOINT ["node", "/app/bin/handoff.js"]
CMD ["check", "-A", "-o", "json"]
